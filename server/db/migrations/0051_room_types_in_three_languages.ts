import { sql, type Kysely } from 'kysely';

/**
 * An engine room's type had one field for three languages (issue 35): it now has a text in each, like its name and
 * location (migration 0016), with `type` kept as the API's fallback. The seeded rooms get their types in the three
 * languages where their English type is still the seed's; a room an operator added keeps its one text in all three
 * until an operator writes the others.
 */
const seededTypes: [name: string, names: Record<'zhs' | 'zht' | 'eng', string>][] = [
  ['Tainan Solar Park A', { zhs: '石墨烯阵列', zht: '石墨烯陣列', eng: 'Graphene array' }],
  ['Kaohsiung Rooftop B', { zhs: '屋顶阵列', zht: '屋頂陣列', eng: 'Rooftop array' }],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('engine_rooms')
    .addColumn('types', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  for (const [name, types] of seededTypes)
    await sql`update engine_rooms set types = ${JSON.stringify(types)}::jsonb where name = ${name} and type = ${types.eng}`.execute(db);
  await sql`update engine_rooms set types = jsonb_build_object('zhs', type, 'zht', type, 'eng', type) where types = '{}'::jsonb`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('engine_rooms').dropColumn('types').execute();
}
