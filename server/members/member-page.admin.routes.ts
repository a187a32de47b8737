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
import { cooldownHoursOf } from '../shared/withdrawal-cooldown.ts';
import { passwordResetCodeMinutes, withdrawalCooldownHoursMax } from '../../contract/limits.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
const idParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const points = (description: string) =>
  Type.String({ pattern: '^-?[0-9]+\\.[0-9]{4}$', description: `${description}; points, 4 decimals` });
const time = Type.String({ format: 'date-time' });
const reasonBody = Type.Object({
  reason: multilineText({ maxLength: 500, description: 'Why; kept in the audit log (required)' }),
});

const memberPage = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  realname: nullable(Type.String()),
  phone: nullable(Type.String()),
  email: nullable(Type.String()),
  account_status: Type.String({ description: 'active or suspended' }),
  verification: Type.Object({
    status: Type.String({ description: 'none, pending, approved or rejected' }),
    reason: nullable(Type.String()),
    submitted_at: nullable(time),
  }),
  created_at: time,
  wallets: Type.Object({
    main: points('The main wallet, from the ledger'),
    partners: Type.Array(
      Type.Object({ id: Type.Integer(), name: Type.String(), disabled: Type.Boolean(), balance: points('Held in our ledger') }),
      { description: 'Every partner city; an external platform’s own books are not asked (0 here means none held by us)' },
    ),
  }),
  cards: Type.Array(Type.Object({ id: Type.Integer(), bank_name: Type.String(), last4: Type.String(), created_at: time }), {
    description: 'Masked: the bank and the last four digits only',
  }),
  sessions: Type.Array(Type.Object({ created_at: time, last_seen_at: time }), { description: 'Open sessions, most recently used first' }),
  withdrawal_cooldown: Type.Object({
    hours: nullable(Type.Integer({ description: 'This member’s own, set by an administrator; null: the install’s' })),
    install_hours: Type.Integer({ description: 'WITHDRAWAL_COOLDOWN_HOURS' }),
  }),
  adjustments: Type.Object({
    approval_points: Type.Integer({
      description: 'ADJUSTMENT_APPROVAL_POINTS: a credit or debit above this many points waits for a second administrator',
    }),
  }),
});

const orderItem = Type.Object({
  id: Type.Integer(),
  order_number: Type.String(),
  product: Type.String(),
  item_count: Type.Integer(),
  amount: points('The order’s price'),
  status: Type.Integer({ description: 'The order status code of the contract' }),
  created_at: time,
});

const ledgerItem = Type.Object({
  id: Type.Integer({ description: 'Ledger entry id' }),
  created_at: time,
  kind: Type.String(),
  wallet: Type.Union([Type.Literal('main'), Type.Literal('partner')]),
  partner_city: nullable(Type.String()),
  amount: points('Signed: positive in, negative out'),
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
        response: { 200: envelopeOf(memberPage) },
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
        response: { 200: envelopeOf(paginatedOf(orderItem)) },
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
        response: { 200: envelopeOf(paginatedOf(ledgerItem)) },
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
        response: { 200: envelopeOf(Type.Object({ ended: Type.Integer({ description: 'Sessions that were open' }) })) },
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
          201: envelopeOf(
            Type.Object({
              code: Type.String({ description: 'Shown once: give it to the member; it is stored only as a hash' }),
              expires_at: time,
            }),
          ),
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
        response: { 200: envelopeOf(Type.Object({ hours: nullable(Type.Integer()), applies_hours: Type.Integer() })) },
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
