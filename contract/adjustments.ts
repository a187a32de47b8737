/**
 * Customer service's credits and debits of a member's main wallet (decision 060): the answer's shape
 * from the route schema itself (type-only: nothing of the server reaches a bundle).
 */
export type { AdjustmentJson } from '../server/members/member-adjustments.json.ts';
