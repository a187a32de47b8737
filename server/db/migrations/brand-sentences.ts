import { sql, type Kysely } from 'kysely';

/** One seeded sentence of the brand texts and what it becomes: a whole string of a section's draft in one language. */
export type SentenceCorrection = [section: string, locale: string, before: string, after: string];

/** A whole string value as it stands in a JSON document (jsonb's text form), quotes included: a heading matches only itself. */
const inJson = (text: string) => JSON.stringify(text);

/** Brand content not created yet (migration 0013 landing later): it will be seeded from the corrected files. */
const noContent = async (db: Kysely<unknown>) =>
  (await sql<{ found: string | null }>`select to_regclass('site_content')::text as found`.execute(db)).rows[0]?.found == null;

/**
 * A database seeded before keeps its drafts (decision 022), so a corrected seed sentence is replaced where a draft
 * still holds it word for word; a sentence an operator has rewritten is left as the operator wrote it. `undo`
 * replaces each `after` with its `before` (a migration's down). Published once an operator publishes.
 */
export async function correctSeededSentences(db: Kysely<unknown>, corrections: readonly SentenceCorrection[], undo = false): Promise<void> {
  if (await noContent(db)) return;
  for (const [section, locale, before, after] of corrections) {
    const [from, to] = undo ? [after, before] : [before, after];
    await sql`update site_content set draft = replace(draft::text, ${inJson(from)}, ${inJson(to)})::jsonb
      where section = ${section} and locale = ${locale} and strpos(draft::text, ${inJson(from)}) > 0`.execute(db);
  }
}
