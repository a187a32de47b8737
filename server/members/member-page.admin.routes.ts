import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf, multilineText } from '../http/schemas.ts';
import { memberBalances } from '../ledger/accounts.ts';
import { notFound } from '../shared/errors.ts';
import { pointsToDecimal } from '../shared/money.ts';
import {
  endMemberSessions,
  memberNotFoundMessage,
  suspendMember,
  listPartnerCities,
  pageStatement,
  countMemberOrders,
  findMemberProfile,
  memberCards,
  memberOpenSessions,
  memberOrders,
} from './member-access.service.ts';
import { issuePasswordReset } from '../users/password-reset.service.ts';
import { setWithdrawalCooldown } from './member-cooldown.service.ts';
import {
  memberDetailSchema,
  memberLedgerSchema,
  memberOrderSchema,
  passwordResetCodeSchema,
  sessionsEndedSchema,
  withdrawalCooldownSchema,
} from './members.schemas.ts';
import { cooldownHoursOf } from '../shared/withdrawal-cooldown.ts';
import { passwordResetCodeMinutes, withdrawalCooldownHoursMax } from '../../contract/limits.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
const idParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const reasonBody = Type.Object({
  reason: multilineText({ maxLength: 500, description: 'Why; kept in the audit log (required)' }),
});

const iso = (value: Date | string) => new Date(value).toISOString();

/** One member's page for operators: who they are, what they hold and bought, and the actions on their access (decision 029). */
export const memberPageAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/v1/members/:id',
    {
      schema: {
        tags,
        summary: 'A member’s page: profile, verification, wallets from the ledger, masked cards and open sessions',
        params: idParams,
        security: bearer,
        response: { 200: envelopeOf(memberDetailSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const profile = await findMemberProfile(app.db, id);
      if (profile === undefined) throw notFound('member_not_found', memberNotFoundMessage);
      const [balances, cities, cards, sessions] = await Promise.all([
        memberBalances(app.db, id),
        listPartnerCities(app.db),
        memberCards(app.db, id),
        memberOpenSessions(app.db, id),
      ]);
      return success({
        id: profile.id,
        username: profile.username,
        realname: profile.realname,
        phone: profile.phone,
        email: profile.email,
        account_status: profile.account_status,
        verification: {
          status: profile.verification_status,
          reason: profile.verification_reason,
          submitted_at: profile.verification_submitted_at === null ? null : iso(profile.verification_submitted_at),
        },
        created_at: iso(profile.created_at),
        wallets: {
          main: pointsToDecimal(balances.main),
          partners: cities.map((city) => ({
            id: city.id,
            name: city.name,
            disabled: city.disabled,
            balance: pointsToDecimal(balances.partners.get(city.id) ?? 0n),
          })),
        },
        cards: cards.map((card) => ({ id: card.id, bank_name: card.bank_name, last4: card.card_last4, created_at: iso(card.created_at) })),
        sessions: sessions.map((session) => ({ created_at: iso(session.created_at), last_seen_at: iso(session.last_seen_at) })),
        withdrawal_cooldown: {
          hours: profile.withdrawal_cooldown_hours,
          install_hours: cooldownHoursOf({ withdrawal_cooldown_hours: null }, app.config.withdrawalCooldownMs),
        },
        adjustments: { approval_points: app.config.adjustmentApprovalPoints },
      });
    },
  );

  app.get(
    '/admin/v1/members/:id/orders',
    {
      schema: {
        tags,
        summary: 'A member’s orders, newest first',
        params: idParams,
        querystring: Type.Object({ page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(memberOrderSchema)) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { page = 1 } = request.query;
      if ((await findMemberProfile(app.db, id)) === undefined) throw notFound('member_not_found', memberNotFoundMessage);
      const [total, rows] = await Promise.all([countMemberOrders(app.db, id), memberOrders(app.db, id, pageOffset(page), perPageDefault)]);
      const items = rows.map((row) => ({
        id: Number(row.id),
        order_number: row.order_number,
        product: row.product,
        item_count: row.item_count,
        amount: pointsToDecimal(BigInt(row.amount)),
        status: Number(row.status),
        created_at: iso(row.created_at),
      }));
      return success(paginate(request, page, total, items));
    },
  );

  app.get(
    '/admin/v1/members/:id/ledger',
    {
      schema: {
        tags,
        summary: 'The ledger entries that moved a member’s wallets, newest first',
        params: idParams,
        querystring: Type.Object({ page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(memberLedgerSchema)) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { page = 1 } = request.query;
      if ((await findMemberProfile(app.db, id)) === undefined) throw notFound('member_not_found', memberNotFoundMessage);
      const { total, rows } = await pageStatement(app.db, id, page);
      const items = rows.map((line) => ({
        id: Number(line.entry_id),
        created_at: line.created_at.toISOString(),
        kind: line.kind,
        wallet: line.wallet,
        partner_city: line.partner_city?.name ?? null,
        amount: pointsToDecimal(line.amount),
      }));
      return success(paginate(request, page, total, items));
    },
  );

  app.post(
    '/admin/v1/members/:id/suspend',
    {
      schema: {
        tags,
        summary:
          'Suspend a member (409 if already suspended): no new order, payment notice or withdrawal until reinstated. ' +
          'The reason is required and goes to the audit log',
        params: idParams,
        body: reasonBody,
        security: bearer,
        response: { 200: envelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await suspendMember(app.db, operatorOf(request).operatorId, request.params.id, request.body.reason);
      return success(null, 'Member suspended');
    },
  );

  app.post(
    '/admin/v1/members/:id/sessions/revoke',
    {
      schema: {
        tags,
        summary: 'End every open session of a member: their tokens are refused at once and they must log in again. Reason required',
        params: idParams,
        body: reasonBody,
        security: bearer,
        response: { 200: envelopeOf(sessionsEndedSchema) },
      },
    },
    async (request) => {
      const ended = await endMemberSessions(app.db, operatorOf(request).operatorId, request.params.id, request.body.reason);
      // Committed: this process forgets the sessions now; the others hear it through NOTIFY.
      app.sessionCache.evictMember(request.params.id);
      return success({ ended }, 'Sessions ended');
    },
  );

  app.post(
    '/admin/v1/members/:id/password-reset',
    {
      schema: {
        tags,
        summary: `Customer service resets a lost password after checking who the member is (the check is the reason, audited): a one-time code for the member, usable for ${passwordResetCodeMinutes} minutes; every session of the member ends`,
        params: idParams,
        body: reasonBody,
        security: bearer,
        response: {
          201: envelopeOf(passwordResetCodeSchema),
        },
      },
    },
    async (request, reply) => {
      const { code, expiresAt } = await issuePasswordReset(app.db, operatorOf(request).operatorId, request.params.id, request.body.reason);
      // Committed: this process forgets the sessions now; the others hear it through NOTIFY.
      app.sessionCache.evictMember(request.params.id);
      return reply.status(201).send(success({ code, expires_at: expiresAt.toISOString() }, 'Reset code issued'));
    },
  );

  app.put(
    '/admin/v1/members/:id/withdrawal-cooldown',
    {
      schema: {
        tags,
        summary:
          'Customer service sets this member’s own withdrawal cool-down: the hours a new or changed card, or a password change, ' +
          `makes their withdrawals wait (0 to ${withdrawalCooldownHoursMax}); null or empty (a form) gives them the install’s again. Reason required; audited; the member is told`,
        params: idParams,
        body: Type.Object({
          hours: Type.Union([Type.Integer({ minimum: 0, maximum: withdrawalCooldownHoursMax }), Type.Null(), Type.Literal('')]),
          ...reasonBody.properties,
        }),
        security: bearer,
        response: { 200: envelopeOf(withdrawalCooldownSchema) },
      },
    },
    async (request) => {
      const hours = request.body.hours === '' ? null : request.body.hours;
      const { reason } = request.body;
      const applies = await setWithdrawalCooldown(app.db, app.config, operatorOf(request).operatorId, request.params.id, hours, reason);
      return success({ hours, applies_hours: applies }, 'Withdrawal cool-down set');
    },
  );
};
