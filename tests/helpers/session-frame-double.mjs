// @ts-check

/**
 * The session frame as our server serves it, for the component tests of the partner page's side
 * (widgets/embed/*.browser.test.tsx): the real frame script on the test server's origin, framed by
 * the test page. A `session-frame=refused` cookie makes it the refused page (an origin not allowed),
 * and /api/test/* answer as our API would: a member with every personal field, and the refusal of a
 * partner site disabled while its page is open.
 */
const member = {
  id: 7,
  username: 'member01',
  realname: 'Wang Xiaoming',
  phone: '13800000000',
  email: 'wang@example.com',
  certificates_id: 1,
  certificate_number: '110101199001011234',
  certificate_front: { id: 3, image_path: '/v1/uploads/3' },
  verification_status: 'pending',
  user_wallets: { main_wallet: 5 },
};

/** @param {import('koa').Context} context @param {import('koa').Next} next */
export async function sessionFrameDouble(context, next) {
  if (context.path === '/widgets/v1/frame') {
    const refused = context.cookies.get('session-frame') === 'refused';
    const gate = refused
      ? '<meta name="gs-refused" content="partner_site_not_allowed">'
      : `<meta name="gs-partner-origin" content="${context.origin}">`;
    context.type = 'html';
    context.body = `<!doctype html><html lang="en"><head><meta charset="utf-8">${gate}<meta name="gs-screen" content="session"><meta name="gs-locale" content="eng"><title>session</title><script type="module" src="/widgets/embed/frame.ts"></script></head><body></body></html>`;
    return;
  }
  if (context.path === '/api/test/member') {
    context.type = 'json';
    context.body = { status: 1, code: 1, message: 'ok', detail: member };
    return;
  }
  if (context.path === '/api/test/refuse') {
    context.status = 403;
    context.type = 'json';
    context.body = { status: 0, code: 0, message: 'not allowed', error_code: 'partner_site_not_allowed', detail: null };
    return;
  }
  await next();
}
