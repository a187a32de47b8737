import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { framePath, frameScreens, type FrameScreen } from '../../contract/frame-screens.ts';
import { defaultLocale, isLocale, type Locale } from '../../locales/index.ts';
import { normaliseOrigin } from '../partner-sites/origin.ts';
import { isAllowedOrigin } from '../partner-sites/partner-origin.ts';

/** The refusal the frame script posts to the embedding page when the origin is not an enabled partner. */
export const frameRefusal = 'partner_site_not_allowed';

/** The document's language, as the frame contract names it. */
const frameHtmlLang: Record<Locale, string> = { zhs: 'zh-CN', zht: 'zh-TW', eng: 'en' };
const frameTitle: Record<Locale, string> = { zhs: '会员登录', zht: '會員登入', eng: 'Member sign-in' };

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The frame's policy: only its own script, styles and API; framed only by the partner page it serves. */
function framePolicy(frameAncestors: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

function frameDocument(locale: Locale, screen: FrameScreen, verdict: { origin: string } | { refused: string }): string {
  const gate =
    'origin' in verdict
      ? `<meta name="gs-partner-origin" content="${escapeHtml(verdict.origin)}">`
      : `<meta name="gs-refused" content="${escapeHtml(verdict.refused)}">`;
  return (
    `<!doctype html><html lang="${frameHtmlLang[locale]}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `${gate}<meta name="gs-screen" content="${screen}"><meta name="gs-locale" content="${locale}">` +
    `<title>${escapeHtml(frameTitle[locale])}</title><script type="module" src="${framePath}.js"></script>` +
    '</head><body></body></html>'
  );
}

/**
 * The session frame (decision 017): a page on our origin that a partner's widgets embed. It keeps the
 * member's session and makes the API calls, so no credential ever reaches the partner's page; it talks
 * to the widgets through postMessage with both origins checked.
 *
 * `GET /widgets/v1/frame?origin=<partner page origin>&screen=session|login|register|edit-user&lang=zhs|zht|eng`
 * answers 200 for an enabled partner site or our own origin, framable by that origin only
 * (`frame-ancestors <origin>`). A missing, malformed, unknown or disabled origin gets 403 with the
 * refusal code in `<meta name="gs-refused">` and `frame-ancestors *`, so the frame can still tell the
 * embedding page why (the code only, nothing of the member's). Never X-Frame-Options here: the CSP
 * decides who frames it. An unknown screen or language falls back to the default. Hidden from the API
 * document: it is a page, not an API call.
 */
export const sessionFrameRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    framePath,
    {
      schema: {
        hide: true,
        querystring: Type.Object({
          origin: Type.Optional(Type.String({ maxLength: 1000 })),
          screen: Type.Optional(Type.String({ maxLength: 100 })),
          lang: Type.Optional(Type.String({ maxLength: 100 })),
        }),
      },
      // Framing is the point of this page: the CSP's frame-ancestors names who may, not X-Frame-Options.
      config: { securityHeaders: 'frame' },
    },
    async (request, reply) => {
      const { query } = request;
      const locale = isLocale(query.lang) ? query.lang : defaultLocale;
      const screen = frameScreens.find((candidate) => candidate === query.screen) ?? 'session';
      const origin = normaliseOrigin(query.origin ?? '');
      const allowed = origin !== undefined && isAllowedOrigin(request, origin);
      reply
        .status(allowed ? 200 : 403)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', framePolicy(allowed ? origin : '*'))
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer');
      return frameDocument(locale, screen, allowed ? { origin } : { refused: frameRefusal });
    },
  );
};
