import http from 'node:http';
import { freePort } from './product-server.ts';

/**
 * The style sheet of a careless partner: it hides and restyles everything it can reach,
 * with !important. None of it may reach inside a widget; only its theme (the documented
 * custom properties, here a dark accent with light text on it and its own font) does.
 */
const hostileCss = `
* { color: #f0f !important; font-size: 5px !important; display: none !important; }
html, body, main, div, gs-probe { display: block !important; }
section, form, button, input, p, .button, .gs-form, .gs-field { display: none !important; visibility: hidden !important; }
gs-wallet { --gs-color-accent: #0057b8; --gs-color-on-accent: #ffffff; --gs-font: serif; --gs-radius: 3px; }
`;

/** The partner's page: our loader, the widgets, a strict Content-Security-Policy and the hostile sheet. */
function partnerPage(apiOrigin: string, widgets: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>A partner</title>
    <link rel="stylesheet" href="/hostile.css" />
    <script type="module" src="${apiOrigin}/widgets/v1/embed.js"></script>
  </head>
  <body>
    <main>${widgets}</main>
  </body>
</html>`;
}

/** The exact policy the partner documentation publishes, with these two origins. */
export function partnerPolicy(apiOrigin: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${apiOrigin}`,
    "style-src 'self'",
    `img-src 'self' ${apiOrigin} data: blob:`,
    "connect-src 'self'",
    `frame-src ${apiOrigin}`,
  ].join('; ');
}

export interface PartnerSite {
  origin: string;
  close(): Promise<void>;
}

/** A partner's web server on another origin (another host name and port): each path is a page of widgets. */
export async function startPartnerSite(
  apiOrigin: string,
  pages: Record<string, string>,
  /** Scripts of the partner's own origin (its analytics tag, say), by path: a page includes one with a script element. */
  scripts: Record<string, string> = {},
): Promise<PartnerSite> {
  const port = await freePort();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/hostile.css') {
      response.writeHead(200, { 'content-type': 'text/css' }).end(hostileCss);
      return;
    }
    const script = scripts[url.pathname];
    if (script !== undefined) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
      return;
    }
    const widgets = pages[url.pathname];
    if (widgets === undefined) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': partnerPolicy(apiOrigin) })
      .end(partnerPage(apiOrigin, widgets));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
