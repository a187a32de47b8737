import { Type } from 'typebox';
import { nullable } from '../http/schemas.ts';

const dateTime = Type.String({ format: 'date-time' });

/** A preview or publish of the brand site: POST admin/v1/site/{preview,publish}, GET admin/v1/site/builds/{id}. */
export const siteBuildSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('preview'), Type.Literal('publish')]),
  status: Type.Union([Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed')]),
  started_by: nullable(Type.String()),
  started_at: dateTime,
  finished_at: nullable(dateTime),
  duration_ms: nullable(Type.Integer()),
  progress: Type.String(),
  error: nullable(Type.String({ description: 'Why the build failed: the page and field when the content is at fault' })),
  preview_path: nullable(Type.String({ description: 'Where a finished preview is shown (operators only)' })),
});

/** One page × locale of the brand site with its state. */
export const siteSectionSchema = Type.Object({
  section: Type.String(),
  locale: Type.String(),
  state: Type.Union([Type.Literal('published'), Type.Literal('changed'), Type.Literal('translation_behind')]),
  updated_at: dateTime,
  updated_by: nullable(Type.String()),
});

/** Every page × locale with its state, the live version and any running build: GET admin/v1/site. */
export const siteOverviewSchema = Type.Object({
  live_version: nullable(Type.Integer({ description: 'null: the site built with the product, before any publish' })),
  catalogue_changed: Type.Boolean({
    description: 'The catalogue changed since the live version was built: publish to show it',
  }),
  running: nullable(siteBuildSchema),
  sections: Type.Array(siteSectionSchema),
});

/** One page's draft in one locale, what is live, and the page in the other locales: GET admin/v1/site/sections/{section}/{locale}. */
export const sectionDetailSchema = Type.Object({
  draft: Type.Unknown(),
  published: Type.Unknown(),
  others: Type.Array(Type.Object({ locale: Type.String(), draft: Type.Unknown() })),
});

/** A published version, and whether it is the live one: GET admin/v1/site/versions. */
export const siteVersionSchema = Type.Intersect([siteBuildSchema, Type.Object({ live: Type.Boolean() })]);

/** The version now live after a rollback: POST admin/v1/site/versions/{id}/rollback. */
export const rollbackSchema = Type.Object({ live_version: Type.Integer() });
