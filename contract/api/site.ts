/**
 * The brand site's answers as their route schemas declare them (server/site/site.schemas.ts, decision 022): the back
 * office's Content tab reads these types, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type {
  rollbackSchema,
  sectionDetailSchema,
  siteBuildSchema,
  siteOverviewSchema,
  siteVersionSchema,
} from '../../server/site/site.schemas.ts';

/** A preview or publish of the brand site: POST admin/v1/site/{preview,publish}, GET admin/v1/site/builds/{id}. */
export type SiteBuild = Static<typeof siteBuildSchema>;
/** Every page × locale with its state, the live version and any running build: GET admin/v1/site. */
export type SiteOverview = Static<typeof siteOverviewSchema>;
/** One page's draft in one locale, what is live, and the other locales: GET admin/v1/site/sections/{section}/{locale}. */
export type SectionDetail = Static<typeof sectionDetailSchema>;
/** A published version, and whether it is live: GET admin/v1/site/versions. */
export type SiteVersion = Static<typeof siteVersionSchema>;
/** The version now live after a rollback: POST admin/v1/site/versions/{id}/rollback. */
export type SiteRollback = Static<typeof rollbackSchema>;
