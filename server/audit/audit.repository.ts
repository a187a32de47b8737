import { sql } from 'kysely';
import type { AuditAction, AuditSubject } from '../../contract/audit.ts';
import type { Db } from '../db/database.ts';
import { newestFirstInBatches } from '../db/newest-first-batches.ts';
import { containsPattern } from '../shared/contains-pattern.ts';

export interface AuditEntry {
  /** Null for actions taken by the system or the command line rather than a logged-in operator. */
  operatorId: number | null;
  /** What happened, as a dotted verb: "order.confirm", "verification.approve", "operator.login" (contract/audit.ts). */
  action: AuditAction;
  subjectType: AuditSubject;
  subjectId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * Records one operator action. Call it in the same transaction as the change it describes,
 * so the log can never disagree with the data. Values are stored as JSON; amounts should be
 * passed as strings (BigInt has no JSON form).
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [entry]);
}

/** Records several actions in one statement (a batch the system took at once, such as expired orders). */
export async function recordAudits(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(
      entries.map((entry) => ({
        operator_id: entry.operatorId,
        action: entry.action,
        subject_type: entry.subjectType,
        subject_id: String(entry.subjectId),
        before: entry.before === undefined ? null : JSON.stringify(entry.before),
        after: entry.after === undefined ? null : JSON.stringify(entry.after),
      })),
    )
    .execute();
}

/**
 * Which entries an operator asks for: one kind of action, one subject (a type, and optionally its id).
 * An operator knows an order by its number and a member by username, so those name them too.
 */
export interface AuditFilter {
  action?: string | undefined;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  /** Any part of the operator's name, the subject (its id, an order's number, a member's username) or a value before or after; any case. */
  text?: string | undefined;
}

/** Subjects an operator knows by a name rather than by the id the log keeps: the table and column that name them. */
const subjectNames: Partial<Record<string, [table: string, column: string]>> = {
  order: ['orders', 'order_number'],
  user: ['users', 'username'],
};

/**
 * Entries any of whose words contain the text. The values are read as their JSON text, so a reason, a name or
 * an amount as stored is found; this reads every entry the other filters leave, which is what an operator's
 * occasional search of the log can afford.
 */
function containing(text: string) {
  const pattern = containsPattern(text.trim());
  return sql<boolean>`(
    audit_log.subject_id ilike ${pattern}
    or audit_log.before::text ilike ${pattern}
    or audit_log.after::text ilike ${pattern}
    or audit_log.operator_id in (select id from operators where username ilike ${pattern})
    or (audit_log.subject_type = 'order' and audit_log.subject_id in (select id::text from orders where order_number ilike ${pattern}))
    or (audit_log.subject_type = 'user' and audit_log.subject_id in (select id::text from users where username ilike ${pattern}))
  )`;
}

function filteredAudit(db: Db, { action, subjectType, subjectId, text }: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (action !== undefined) query = query.where('audit_log.action', '=', action);
  if (subjectType !== undefined) query = query.where('audit_log.subject_type', '=', subjectType);
  if (text !== undefined && text.trim() !== '') query = query.where(containing(text));
  if (subjectId === undefined) return query;
  const named = subjectNames[subjectType ?? ''];
  return query.where((eb) =>
    named === undefined
      ? eb('audit_log.subject_id', '=', subjectId)
      : eb.or([
          eb('audit_log.subject_id', '=', subjectId),
          eb(
            'audit_log.subject_id',
            'in',
            sql<string>`(select id::text from ${sql.table(named[0])} where ${sql.ref(named[1])} = ${subjectId})`,
          ),
        ]),
  );
}

export async function countAudit(db: Db, filter: AuditFilter = {}): Promise<number> {
  const row = await filteredAudit(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function auditRows(db: Db, filter: AuditFilter) {
  return filteredAudit(db, filter)
    .leftJoin('operators', 'operators.id', 'audit_log.operator_id')
    .select([
      'audit_log.id',
      'audit_log.action',
      'audit_log.subject_type',
      'audit_log.subject_id',
      'audit_log.before',
      'audit_log.after',
      'audit_log.created_at',
      'operators.username as operator',
      // What an operator knows the subject by: an order's number, a member's username (never the internal id).
      sql<string | null>`case
        when audit_log.subject_type = 'order' and audit_log.subject_id ~ '^[0-9]+$' and length(audit_log.subject_id) < 19
          then (select order_number from orders where orders.id = audit_log.subject_id::bigint)
        when audit_log.subject_type = 'user' and audit_log.subject_id ~ '^[0-9]+$' and length(audit_log.subject_id) < 10
          then (select username from users where users.id = audit_log.subject_id::integer)
      end`.as('subject_label'),
    ])
    .orderBy('audit_log.id', 'desc');
}

export async function listAudit(db: Db, filter: AuditFilter, offset: number, limit: number) {
  return auditRows(db, filter).offset(offset).limit(limit).execute();
}

/** Every entry the filter names, newest first, read a batch at a time by id (the audit log's CSV). */
export function wholeAudit(db: Db, filter: AuditFilter) {
  return newestFirstInBatches((before, limit) => {
    const query = auditRows(db, filter).limit(limit);
    return (before === undefined ? query : query.where('audit_log.id', '<', before)).execute();
  });
}
