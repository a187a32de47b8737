import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defaultLocale, isLocale, localePath, localeStorageKey, splitLocalePath, type Locale } from '../../locales/index.ts';

/** Where an unknown path lands, as the seed says. */
export const fallbackRoute = '/home/shopping';

/** Hashed build assets never change under one name; everything else is revalidated. */
const immutableAssets = /^\/(_astro|widgets\/chunks)\//;
const oneYearSeconds = 31_536_000;
const assetExtension = /\.(js|mjs|css|map|json|png|jpe?g|gif|webp|avif|svg|ico|woff2?|mp4|webm|txt|xml)$/i;

interface StaticSiteOptions {
  siteDir: string;
  widgetsDir: string;
}

/**
 * Serves the built Astro site and the widget bundles from the same process as the API.
 * The build never changes while the server runs, so the file list is read once at start.
 */
export async function registerStaticSite(app: FastifyInstance, options: StaticSiteOptions): Promise<void> {
  const files = new Map<string, string>();
  indexFolder(options.siteDir, '', files);
  indexFolder(options.widgetsDir, '/widgets', files);
  if (files.size === 0) app.log.warn({ siteDir: options.siteDir }, 'the site is not built: run "npm run build"');

  await app.register(fastifyStatic, { root: '/', serve: false, preCompressed: true });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = decodePath(request.url);
    if (pathname === undefined || pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
    const file = resolveFile(files, pathname);
    if (file !== undefined) return sendBuilt(reply, pathname, file);
    // A missing script, style or image is a 404; redirecting it to a page would hand the browser HTML.
    if (assetExtension.test(pathname)) return reply.callNotFound();
    const { locale, route } = splitLocalePath(pathname);
    const target = locale ?? visitorLocale(request);
    return reply.redirect(localePath(target, route === '/' ? '/home' : fallbackRoute), 302);
  });
}

function sendBuilt(reply: FastifyReply, pathname: string, file: string): FastifyReply {
  const cacheControl = immutableAssets.test(pathname) ? `public, max-age=${oneYearSeconds}, immutable` : 'no-cache';
  if (file.endsWith('.html')) reply.header('content-security-policy', reply.server.sitePolicy);
  // Partner pages on other sites load the widget bundles with a plain <script src>.
  else if (pathname.startsWith('/widgets/')) reply.header('cross-origin-resource-policy', 'cross-origin');
  return reply.header('cache-control', cacheControl).sendFile(path.basename(file), path.dirname(file), { cacheControl: false });
}

function resolveFile(files: Map<string, string>, pathname: string): string | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return files.get(trimmed) ?? files.get(`${trimmed}.html`) ?? files.get(`${trimmed === '/' ? '' : trimmed}/index.html`);
}

function decodePath(url: string): string | undefined {
  try {
    const pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname);
    return pathname.includes('\0') ? undefined : pathname;
  } catch {
    return undefined;
  }
}

/** The locale the visitor chose last (the language screen mirrors local storage into a cookie). */
function visitorLocale(request: FastifyRequest): Locale {
  const cookie = request.headers.cookie ?? '';
  const match = new RegExp(`(?:^|;\\s*)${localeStorageKey}=([a-z]+)`).exec(cookie);
  const chosen = match?.[1];
  return isLocale(chosen) ? chosen : defaultLocale;
}

function indexFolder(root: string, urlPrefix: string, files: Map<string, string>): void {
  if (!fs.existsSync(root)) return;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    const url = `${urlPrefix}/${path.relative(root, absolute).split(path.sep).join('/')}`;
    files.set(url, absolute);
  }
}
