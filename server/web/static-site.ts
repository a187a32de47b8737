import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { previewOperator } from '../auth/preview-access.ts';
import { failure } from '../http/envelope.ts';
import type { LiveSite } from '../site/live-site.ts';
import { defaultLocale, isLocale, localePath, localeStorageKey, splitLocalePath, type Locale } from '../../locales/index.ts';

/** Where an unknown path lands, as in the original app. */
export const fallbackRoute = '/home/shopping';

/** Hashed build assets never change under one name (a widget's words and sheets sit in a folder named by their hash); everything else is revalidated. */
const immutableAssets = /^\/(_astro|widgets\/chunks|widgets\/frame|widgets\/m|widgets\/s)\//;
const oneYearSeconds = 31_536_000;
const assetExtension = /\.(js|mjs|css|map|json|png|jpe?g|gif|webp|avif|svg|ico|woff2?|mp4|webm|txt|xml)$/i;

/**
 * Serves the brand site and the widget bundles from the same process as the API. The site is the
 * live version (LiveSite): its file list is in memory and swapped whole when an operator publishes.
 */
export async function registerStaticSite(app: FastifyInstance, site: LiveSite): Promise<void> {
  if (site.current.files.size === 0) app.log.warn('the site is not built: run "npm run build"');

  await app.register(fastifyStatic, { root: '/', serve: false, preCompressed: true });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = decodePath(request.url);
    if (pathname === undefined || pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
    const version = site.current;
    const file = resolveFile(version.files, pathname);
    const chosen = file?.endsWith('.html') === true ? chosenLocalePage(request, pathname, version.files) : undefined;
    if (chosen !== undefined) return reply.header('vary', 'Cookie').redirect(chosen, 302);
    if (file !== undefined) return sendBuilt(reply, pathname, file, version.policy);
    // A missing script, style or image is a 404; redirecting it to a page would hand the browser HTML.
    if (assetExtension.test(pathname)) return reply.callNotFound();
    const { locale, route } = splitLocalePath(pathname);
    const target = locale ?? visitorLocale(request);
    return reply.redirect(localePath(target, route === '/' ? '/home' : fallbackRoute), 302);
  });

  await app.register(previewRoutes(site));
}

/**
 * A preview version at /preview/<build>/…, built for that address, for signed-in administrators
 * only: the back office hands these pages a preview pass in a cookie limited to /preview. Never cached.
 */
function previewRoutes(site: LiveSite) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { build: string; '*': string } }>('/preview/:build/*', { schema: { hide: true } }, async (request, reply) => {
      const operator = await previewOperator(app.db, app.config, request.headers.cookie ?? '');
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      if (operator === undefined)
        return reply.status(403).send(failure('operators_only', 'Preview is for administrators: open it from the back office'));
      const buildId = Number(request.params.build);
      const version = Number.isSafeInteger(buildId) && buildId > 0 ? await site.preview(buildId) : undefined;
      const pathname = decodePath(`/${request.params['*']}`);
      const file = version === undefined || pathname === undefined ? undefined : resolveFile(version.files, pathname);
      if (version === undefined || file === undefined) return reply.callNotFound();
      reply.header('content-security-policy', version.policy);
      return reply.sendFile(path.basename(file), path.dirname(file), { cacheControl: false });
    });
  };
}

function sendBuilt(reply: FastifyReply, pathname: string, file: string, policy: string): FastifyReply {
  const cacheControl = immutableAssets.test(pathname) ? `public, max-age=${oneYearSeconds}, immutable` : 'no-cache';
  if (file.endsWith('.html')) reply.header('content-security-policy', policy);
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

/**
 * A page without a locale prefix is the default language's. A visitor who chose another language
 * (the cookie the language screen sets) is sent to that language's page instead, so the choice
 * holds on every page, bookmarks and shared links included.
 */
function chosenLocalePage(request: FastifyRequest, pathname: string, files: Map<string, string>): string | undefined {
  if (splitLocalePath(pathname).locale !== undefined) return undefined;
  const chosen = visitorLocale(request);
  if (chosen === defaultLocale) return undefined;
  const target = localePath(chosen, pathname === '/' ? '' : pathname.replace(/\/+$/, ''));
  if (resolveFile(files, target) === undefined) return undefined;
  const query = request.url.indexOf('?');
  return query === -1 ? target : `${target}${request.url.slice(query)}`;
}

/** The locale the visitor chose last (the language screen mirrors local storage into a cookie). */
function visitorLocale(request: FastifyRequest): Locale {
  const cookie = request.headers.cookie ?? '';
  const match = new RegExp(`(?:^|;\\s*)${localeStorageKey}=([a-z]+)`).exec(cookie);
  const chosen = match?.[1];
  return isLocale(chosen) ? chosen : defaultLocale;
}
