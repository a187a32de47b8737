import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { referralCodeLengthMax } from '../../contract/limits.ts';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf, multilineText } from '../http/schemas.ts';
import { notFound } from '../shared/errors.ts';
import { originMaxLength } from './origin.ts';
import {
  addPartnerSite,
  changePartnerSite,
  siteNotFoundMessage,
  countPartnerSites,
  findPartnerSiteWithCounts,
  listPartnerSites,
} from './partner-sites.service.ts';
import { partnerSiteSchema } from './partner-sites.schemas.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];

const nameField = Type.String({ minLength: 1, maxLength: 80, pattern: '\\S', description: 'What operators call the site' });
const referralCodeField = Type.Union([Type.String({ maxLength: referralCodeLengthMax }), Type.Null()], {
  description:
    "A member's referral code new members registering through the site are attributed to when they type none; blank or null for none",
});

interface SiteWithCounts {
  id: number;
  origin: string;
  name: string;
  referral_code: string | null;
  enabled: boolean;
  members: string | number;
  orders: string | number;
  created_at: Date | string;
  updated_at: Date | string;
}

function siteJson(row: SiteWithCounts) {
  return {
    id: row.id,
    origin: row.origin,
    name: row.name,
    referral_code: row.referral_code,
    enabled: row.enabled,
    members: Number(row.members),
    orders: Number(row.orders),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/**
 * The partner sites allowed to embed the widgets (decision 017): listed with what they brought,
 * added, renamed, given a referral code, disabled with a reason and enabled again; every change
 * audited and in force on every process without a restart.
 */
export const partnerSiteAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const answer = async (id: number) => {
    // Committed: this process's directory is exact now; the others reload when their NOTIFY arrives.
    await app.partnerSites.refresh();
    const row = await findPartnerSiteWithCounts(app.db, id);
    if (row === undefined) throw notFound('partner_site_not_found', siteNotFoundMessage);
    return siteJson(row);
  };

  app.get(
    '/admin/v1/partner-sites',
    {
      schema: {
        tags,
        summary: 'Partner sites, oldest first, with the members and orders attributed to each',
        querystring: Type.Object({ page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(partnerSiteSchema)) },
      },
    },
    async (request) => {
      const { page = 1 } = request.query;
      const [total, rows] = await Promise.all([countPartnerSites(app.db), listPartnerSites(app.db, pageOffset(page), perPageDefault)]);
      return success(paginate(request, page, total, rows.map(siteJson)));
    },
  );

  app.post(
    '/admin/v1/partner-sites',
    {
      schema: {
        tags,
        summary: 'Add an enabled partner site (422 for an origin with a path or another scheme, 409 when it is already listed)',
        body: Type.Object({
          origin: Type.String({
            minLength: 1,
            maxLength: originMaxLength,
            description: 'https://partner.example or http://localhost:4321',
          }),
          name: nameField,
          referral_code: Type.Optional(referralCodeField),
        }),
        security: bearer,
        response: { 201: envelopeOf(partnerSiteSchema) },
      },
    },
    async (request, reply) => {
      const site = await addPartnerSite(app.db, operatorOf(request).operatorId, request.body);
      return reply.status(201).send(success(await answer(site.id), 'Partner site added'));
    },
  );

  app.put(
    '/admin/v1/partner-sites/:id',
    {
      schema: {
        tags,
        summary: 'Rename a partner site, set or clear its referral code, enable or disable it (a reason is required to disable)',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        body: Type.Object({
          name: Type.Optional(nameField),
          referral_code: Type.Optional(referralCodeField),
          enabled: Type.Optional(Type.Boolean()),
          reason: Type.Optional(multilineText({ maxLength: 500, description: 'Why the site is disabled; kept in the audit log' })),
        }),
        security: bearer,
        response: { 200: envelopeOf(partnerSiteSchema) },
      },
    },
    async (request) => {
      const site = await changePartnerSite(app.db, operatorOf(request).operatorId, request.params.id, request.body);
      return success(await answer(site.id), 'Partner site updated');
    },
  );
};
