import type { OperatorRole, OperatorSessionStage } from '../db/schema-operators.ts';
import { ApiError } from '../shared/errors.ts';

/**
 * Who may call what, in one place (decision 026). Deny by default: a route not named here is
 * for administrators only, so a route added later is closed to reviewers without anyone
 * remembering to close it. Entries are the method and the route pattern as registered, /api
 * prefix included.
 */
export const reviewerRouteList: readonly string[] = [
  'GET /api/admin/v1/dashboard',
  'GET /api/admin/v1/work-counts',
  'GET /api/admin/v1/order-notices',
  'POST /api/admin/v1/orders/:id/confirm',
  'POST /api/admin/v1/orders/:id/reject',
  // Bank statements: the same payments, found on the bank's own record (decision 059).
  'GET /api/admin/v1/bank-statement-accounts',
  'POST /api/admin/v1/bank-statements/preview',
  'POST /api/admin/v1/bank-statements',
  'GET /api/admin/v1/bank-statements',
  'GET /api/admin/v1/bank-statements/:id',
  'POST /api/admin/v1/bank-statements/:id/confirm',
  'GET /api/admin/v1/verifications',
  'POST /api/admin/v1/verifications/:user_id/approve',
  'POST /api/admin/v1/verifications/:user_id/reject',
  'GET /api/admin/v1/withdrawals',
  'POST /api/admin/v1/withdrawals/:id/card',
  'POST /api/admin/v1/withdrawals/:id/claim',
  'POST /api/admin/v1/withdrawals/:id/release',
  'POST /api/admin/v1/withdrawals/:id/pay',
  'POST /api/admin/v1/withdrawals/:id/reject',
  'GET /api/admin/v1/refunds',
  'POST /api/admin/v1/refunds/:id/pay',
  'GET /api/admin/v1/members',
  'POST /api/admin/v1/members/:id/reinstate',
  // The photos the queues show (identity cards, payment proofs).
  'GET /api/v1/image/:id',
  ...selfRoutes(),
  // Their own password, once fully signed in (not open half-way through sign-in).
  'PUT /api/admin/v1/me/password',
];
const reviewerRoutes: ReadonlySet<string> = new Set(reviewerRouteList);

/** What every operator may do to their own session and sign-in. */
function selfRoutes(): string[] {
  return [
    'GET /api/admin/v1/me',
    'POST /api/admin/v1/logout',
    'POST /api/admin/v1/me/two-factor',
    'POST /api/admin/v1/me/two-factor/confirm',
  ];
}

/** A session half-way through sign-in opens only the routes that finish it. */
const stageRoutes: Record<Exclude<OperatorSessionStage, 'signed_in'>, ReadonlySet<string>> = {
  code: new Set(['POST /api/admin/v1/login/code', 'POST /api/admin/v1/logout']),
  enrol: new Set(selfRoutes()),
  password: new Set(['GET /api/admin/v1/me', 'POST /api/admin/v1/logout', 'PUT /api/admin/v1/me/password']),
};

export const administratorsOnlyMessage = 'This is for administrators only';
export const signInUnfinishedMessage = 'Finish signing in first';

/** Throws 403 unless an operator of this role, at this sign-in stage, may call the route. */
export function checkOperatorAccess(role: OperatorRole, stage: OperatorSessionStage, method: string, routeUrl: string): void {
  const route = `${method} ${routeUrl}`;
  if (stage !== 'signed_in') {
    if (!stageRoutes[stage].has(route)) throw new ApiError(403, 'sign_in_unfinished', signInUnfinishedMessage);
    return;
  }
  if (role !== 'administrator' && !reviewerRoutes.has(route)) throw new ApiError(403, 'administrators_only', administratorsOnlyMessage);
}
