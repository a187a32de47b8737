import { statementLineGroups, type StatementLineGroup } from '../../../contract/reconciliation.ts';

/**
 * Where an operator is in the back office, kept in the address's fragment (`/admin#withdrawals`,
 * `/admin#machines?view=offline`, `/admin#audit?subject_type=user&subject_id=12`): a reload, a
 * bookmark or a link sent to a colleague opens the same place, and the browser's Back returns to
 * the place before. The fragment never reaches the server, so the one static page serves them all
 * and no member data ends up in a server's access log.
 */
/** The machine inventory's filters (Machines.tsx), here so an address can name one without loading that screen. */
export const machineFilters = ['all', 'online', 'offline', 'retired'] as const;
export type MachineFilter = (typeof machineFilters)[number];

/** Which entries the audit log shows: one kind of action, or one subject (a kind, and optionally its number). */
export interface AuditQuery {
  action?: string | undefined;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  /** Any words: of a value, the subject's name or the operator's (admin/v1/audit?q=). */
  text?: string | undefined;
}

export interface AdminPlace {
  tab: string;
  machines: MachineFilter;
  audit: AuditQuery;
  /** The member search typed, and the member whose page is open (by the member's number). */
  members: MembersView;
  /** The orders index's filters, as the server reads them (status, room, payment, from, to, q). */
  orders: OrdersView;
  /** The bank statement open on the Bank statements tab (by its number), and which of its lines are shown. */
  statements: StatementsView;
}

export interface StatementsView {
  statement?: number | undefined;
  show?: StatementLineGroup | undefined;
}

export const orderFilterNames = ['status', 'room', 'payment', 'from', 'to', 'q'] as const;
export type OrdersView = Partial<Record<(typeof orderFilterNames)[number], string>>;

export interface MembersView {
  query?: string | undefined;
  member?: number | undefined;
}

export const homePlace: AdminPlace = { tab: 'dashboard', machines: 'all', audit: {}, members: {}, orders: {}, statements: {} };

/** Reads a fragment ('#audit?action=withdrawal.pay', with or without the '#'); anything unknown reads as the dashboard's defaults. */
export function readPlace(fragment: string): AdminPlace {
  const [tab = '', query = ''] = fragment.replace(/^#/, '').split('?', 2);
  if (!/^[a-z_]+$/.test(tab)) return homePlace;
  const params = new URLSearchParams(query);
  const text = (name: string) => params.get(name) ?? undefined;
  return {
    tab,
    machines: (tab === 'machines' && machineFilters.find((name) => name === params.get('view'))) || 'all',
    audit:
      tab === 'audit' ? { action: text('action'), subjectType: text('subject_type'), subjectId: text('subject_id'), text: text('q') } : {},
    members: tab === 'members' ? { query: text('q'), member: recordNumber(params.get('member')) } : {},
    orders:
      tab === 'orders' ? Object.fromEntries(orderFilterNames.flatMap((name) => (params.get(name) ? [[name, params.get(name)]] : []))) : {},
    statements:
      tab === 'statements'
        ? { statement: recordNumber(params.get('statement')), show: statementLineGroups.find((group) => group === params.get('show')) }
        : {},
  };
}

/** The fragment for a place: only what differs from a tab's defaults is written. */
export function placeFragment(place: AdminPlace): string {
  const params = new URLSearchParams();
  if (place.tab === 'machines' && place.machines !== 'all') params.set('view', place.machines);
  if (place.tab === 'audit') {
    const { action, subjectType, subjectId, text } = place.audit;
    if (text !== undefined) params.set('q', text);
    if (action !== undefined) params.set('action', action);
    if (subjectType !== undefined) params.set('subject_type', subjectType);
    if (subjectType !== undefined && subjectId !== undefined) params.set('subject_id', subjectId);
  }
  if (place.tab === 'members') {
    if (place.members.query !== undefined) params.set('q', place.members.query);
    if (place.members.member !== undefined) params.set('member', String(place.members.member));
  }
  if (place.tab === 'orders') for (const name of orderFilterNames) if (place.orders[name]) params.set(name, place.orders[name]);
  if (place.tab === 'statements' && place.statements.statement !== undefined) {
    params.set('statement', String(place.statements.statement));
    if (place.statements.show !== undefined && place.statements.show !== 'matched') params.set('show', place.statements.show);
  }
  const query = params.toString();
  return `#${place.tab}${query === '' ? '' : `?${query}`}`;
}

/** Whether two places are the same place (an audit query written in another order is the same). */
export function samePlace(one: AdminPlace, other: AdminPlace): boolean {
  return placeFragment(one) === placeFragment(other);
}

const recordNumber = (text: string | null): number | undefined =>
  text !== null && /^[1-9]\d{0,14}$/.test(text) ? Number(text) : undefined;
