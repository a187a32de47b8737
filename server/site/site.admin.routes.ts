import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { newPreviewPass, previewCookie, previewPassLifetimeMs } from '../auth/preview-access.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { notFound, validationError } from '../shared/errors.ts';
import {
  catalogueChanged,
  listSections,
  readSection,
  saveSection,
  type BuildRow,
  findBuild,
  findLive,
  findRunningBuild,
  listPublished,
} from './site-content.service.ts';
import { publishedVersionsKept } from './site-publish.service.ts';
import { rollbackSchema, sectionDetailSchema, siteBuildSchema, siteOverviewSchema, siteVersionSchema } from './site.schemas.ts';

const bearer = [{ bearer: [] }];
function buildOut(build: BuildRow) {
  return {
    id: build.id,
    kind: build.kind,
    status: build.status,
    started_by: build.started_by,
    started_at: build.started_at.toISOString(),
    finished_at: build.finished_at?.toISOString() ?? null,
    duration_ms: build.duration_ms,
    progress: build.progress,
    error: build.error,
    preview_path: build.kind === 'preview' && build.status === 'succeeded' ? `/preview/${build.id}/` : null,
  };
}

const sectionParams = Type.Object({
  section: Type.String({ pattern: '^[a-z][A-Za-z]{0,30}$' }),
  locale: Type.String({ pattern: '^(zhs|zht|eng|all)$' }),
});
const buildParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }) });

/** A form body carries the page as JSON text; a JSON body carries it as it is. */
function contentOf(content: unknown): unknown {
  if (typeof content !== 'string') return content;
  try {
    return JSON.parse(content) as unknown;
  } catch {
    throw validationError({ content: ['Must be the page as JSON'] }, 'site_content_invalid');
  }
}

/** The brand site in the back office (decision 022): pages to edit, preview, publish, history and rollback. */
export const siteAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/v1/site',
    {
      schema: {
        tags: ['operators'],
        summary: 'Every page × locale of the brand site with its state, the live version and any running build',
        security: bearer,
        response: {
          200: envelopeOf(siteOverviewSchema),
        },
      },
    },
    async () => {
      const [live, running, sections, catalogue] = await Promise.all([
        findLive(app.db),
        findRunningBuild(app.db),
        listSections(app.db),
        catalogueChanged(app.db),
      ]);
      return success({
        live_version: live.build_id,
        catalogue_changed: catalogue,
        running: running === undefined ? null : buildOut(running),
        sections: sections.map((row) => ({
          section: row.section,
          locale: row.locale,
          state: row.state,
          updated_at: row.updatedAt.toISOString(),
          updated_by: row.updatedBy,
        })),
      });
    },
  );

  app.get(
    '/admin/v1/site/sections/:section/:locale',
    {
      schema: {
        tags: ['operators'],
        summary: "One page's draft in one locale, what is live, and the page in the other locales",
        params: sectionParams,
        security: bearer,
        response: {
          200: envelopeOf(sectionDetailSchema),
        },
      },
    },
    async (request) => success(await readSection(app.db, request.params)),
  );

  app.put(
    '/admin/v1/site/sections/:section/:locale',
    {
      schema: {
        tags: ['operators'],
        summary: "Save one page's draft in one locale; 422 names every field the content schema refuses",
        params: sectionParams,
        body: Type.Object({
          content: Type.Unknown({ description: "The page's fields: a JSON object, or its JSON text in a form body" }),
        }),
        security: bearer,
        response: { 200: envelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await saveSection(app.db, operatorOf(request).operatorId, request.params, contentOf(request.body.content));
      return success(null, 'Saved');
    },
  );

  for (const kind of ['preview', 'publish'] as const) {
    app.post(
      `/admin/v1/site/${kind}`,
      {
        schema: {
          tags: ['operators'],
          summary:
            kind === 'preview'
              ? 'Build the drafts into a preview version (nothing live changes); 409 while another build runs'
              : 'Build the drafts and, once built, make them the live site; 409 while another build runs',
          security: bearer,
          response: { 202: envelopeOf(siteBuildSchema) },
        },
      },
      async (request, reply) => {
        const build = await app.sitePublisher.start(kind, operatorOf(request).operatorId);
        return reply.status(202).send(success(buildOut(build), 'Build started'));
      },
    );
  }

  app.get(
    '/admin/v1/site/builds/:id',
    {
      schema: {
        tags: ['operators'],
        summary: "A build's progress, outcome and time",
        params: buildParams,
        security: bearer,
        response: { 200: envelopeOf(siteBuildSchema) },
      },
    },
    async (request) => {
      const build = await findBuild(app.db, Number(request.params.id));
      if (build === undefined) throw notFound('site_build_not_found', 'No such build of the site');
      return success(buildOut(build));
    },
  );

  app.get(
    '/admin/v1/site/versions',
    {
      schema: {
        tags: ['operators'],
        summary: `The last ${publishedVersionsKept} published versions, newest first, with who published them and when`,
        security: bearer,
        response: { 200: envelopeOf(Type.Array(siteVersionSchema)) },
      },
    },
    async () => {
      const [live, published] = await Promise.all([findLive(app.db), listPublished(app.db, publishedVersionsKept)]);
      return success(published.map((build) => ({ ...buildOut(build), live: build.id === live.build_id })));
    },
  );

  app.post(
    '/admin/v1/site/versions/:id/rollback',
    {
      schema: {
        tags: ['operators'],
        summary: 'Make an earlier published version the live site again',
        params: buildParams,
        security: bearer,
        response: { 200: envelopeOf(rollbackSchema) },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      await app.sitePublisher.rollback(id, operatorOf(request).operatorId);
      return success({ live_version: id }, 'Rolled back');
    },
  );

  app.post(
    '/admin/v1/site/preview-access',
    {
      schema: {
        tags: ['operators'],
        summary: `Let this browser open preview pages for ${previewPassLifetimeMs / 60_000} minutes: sets a cookie, sent only to /preview, holding a preview pass of its own (never the session's token) that ends with the session`,
        security: bearer,
        response: { 200: envelopeOf(Type.Null()) },
      },
    },
    async (request, reply) => {
      reply.header('set-cookie', previewCookie(newPreviewPass(app.config, operatorOf(request)), request.protocol === 'https'));
      return success(null, 'Preview open');
    },
  );
};
