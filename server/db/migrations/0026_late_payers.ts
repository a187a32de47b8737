import type { Kysely } from 'kysely';

/**
 * A day shared out on demand before it ended is taken up again once more of it has passed (decision
 * 035): the orders paid off after the first cut-off, and before the new one, are credited at the same
 * rate. `paid_from` is the cut-off of the pass before, so a pass reads only its own orders; null on a
 * day's first pass.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('income_distributions').addColumn('paid_from', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('income_distributions').dropColumn('paid_from').execute();
}
