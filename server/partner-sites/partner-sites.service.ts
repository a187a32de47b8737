import { recordAudit } from '../audit/audit.repository.ts';
import { revokePartnerSiteSessions } from '../auth/session.repository.ts';
import type { Db } from '../db/database.ts';
import { uniqueViolation } from '../shared/db-errors.ts';
import { ApiError, fieldError, notFound, validationError } from '../shared/errors.ts';
import { normaliseOrigin } from './origin.ts';
import {
  announcePartnerSitesChanged,
  insertMissingPartnerSites,
  insertPartnerSite,
  lockPartnerSite,
  memberReferralCode,
  updatePartnerSite,
  type PartnerSiteRow,
} from './partner-sites.repository.ts';

export const originInvalidMessage = 'The origin must be like https://partner.example, with no path.';
export const originTakenMessage = 'This origin is already a partner site.';
export const siteNotFoundMessage = 'Partner site not found';
export const referralCodeUnknownMessage = 'Find no such referrer.';
export const disableReasonMessage = 'The reason field is required.';

export interface NewPartnerSite {
  origin: string;
  name: string;
  referral_code?: string | null;
}

export interface PartnerSiteChange {
  name?: string;
  referral_code?: string | null;
  enabled?: boolean;
  /** Why the site is disabled (required then), kept in the audit log. */
  reason?: string;
}

/** What the audit log keeps of a site. */
function auditView(site: PartnerSiteRow) {
  return { origin: site.origin, name: site.name, referral_code: site.referral_code, enabled: site.enabled };
}

/** A member's referral code as stored, or null for a blank one; a code no member holds is refused. */
async function checkedReferralCode(db: Db, code: string | null | undefined): Promise<string | null> {
  const typed = (code ?? '').trim();
  if (typed === '') return null;
  const held = await memberReferralCode(db, typed);
  if (held === undefined) throw fieldError('referral_code', 'referrer_not_found', referralCodeUnknownMessage);
  return held;
}

/** Adds an enabled partner site; its origin is normalised, and one already listed is refused with 409. */
export async function addPartnerSite(db: Db, operatorId: number, input: NewPartnerSite): Promise<PartnerSiteRow> {
  const origin = normaliseOrigin(input.origin);
  if (origin === undefined) throw fieldError('origin', 'partner_site_origin_invalid', originInvalidMessage);
  const referralCode = await checkedReferralCode(db, input.referral_code);
  try {
    return await db.transaction().execute(async (trx) => {
      const site = await insertPartnerSite(trx, { origin, name: input.name.trim(), referral_code: referralCode });
      await recordAudit(trx, {
        operatorId,
        action: 'partner_site.add',
        subjectType: 'partner_site',
        subjectId: site.id,
        after: auditView(site),
      });
      await announcePartnerSitesChanged(trx, site.id);
      return site;
    });
  } catch (error) {
    if (uniqueViolation(error) === 'partner_sites_origin_key')
      throw new ApiError(409, 'partner_site_duplicate', originTakenMessage, { errors: { origin: [originTakenMessage] } });
    throw error;
  }
}

/**
 * Renames a site, sets or clears its referral code, enables or disables it; all in one audited
 * change. Disabling takes a reason. Origins are not edited: a new origin is a new site.
 */
export async function changePartnerSite(db: Db, operatorId: number, id: number, change: PartnerSiteChange): Promise<PartnerSiteRow> {
  if (change.name === undefined && change.referral_code === undefined && change.enabled === undefined) {
    throw validationError({ request: ['Nothing to change.'] }, 'nothing_to_change');
  }
  const referralCode = change.referral_code === undefined ? undefined : await checkedReferralCode(db, change.referral_code);
  return db.transaction().execute(async (trx) => {
    const before = await lockPartnerSite(trx, id);
    if (before === undefined) throw notFound('partner_site_not_found', siteNotFoundMessage);
    const reason = (change.reason ?? '').trim();
    const disabling = change.enabled === false && before.enabled;
    if (disabling && reason === '') throw fieldError('reason', 'validation', disableReasonMessage);
    const after = await updatePartnerSite(trx, id, {
      updated_at: new Date(),
      ...(change.name === undefined ? {} : { name: change.name.trim() }),
      ...(referralCode === undefined ? {} : { referral_code: referralCode }),
      ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
    });
    const action = after.enabled === before.enabled ? 'partner_site.edit' : after.enabled ? 'partner_site.enable' : 'partner_site.disable';
    await recordAudit(trx, {
      operatorId,
      action,
      subjectType: 'partner_site',
      subjectId: id,
      before: auditView(before),
      after: { ...auditView(after), ...(reason === '' ? {} : { reason }) },
    });
    // Its open pages lose the member on every process now; enabling it again asks for a new login.
    if (disabling) await revokePartnerSiteSessions(trx, id);
    await announcePartnerSitesChanged(trx, id);
    return after;
  });
}

/**
 * The CORS_ORIGINS start-up seed: origins not yet listed are added, enabled. A listed one keeps its
 * state, so an origin an operator disabled is never enabled again by a restart. Returns what was added.
 */
export async function seedPartnerSites(db: Db, origins: readonly string[]): Promise<string[]> {
  const normalised = [...new Set(origins.map((origin) => normaliseOrigin(origin)).filter((origin) => origin !== undefined))];
  if (normalised.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const added = await insertMissingPartnerSites(trx, normalised);
    if (added.length > 0) {
      await recordAudit(trx, {
        operatorId: null,
        action: 'partner_site.seed',
        subjectType: 'partner_site',
        subjectId: 'CORS_ORIGINS',
        after: { added },
      });
      await announcePartnerSitesChanged(trx, 'seed');
    }
    return added;
  });
}

export { countPartnerSites, findPartnerSiteWithCounts, listPartnerSites } from './partner-sites.repository.ts';
