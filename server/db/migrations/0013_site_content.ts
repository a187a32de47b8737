import { type Kysely, sql } from 'kysely';

/**
 * The brand site published by operators (decision 022): the content they edit (one draft per page
 * and locale, seeded from the repository's YAML), every preview and publish build with the content
 * it was built from, and the one pointer to the live version. A switch is one update of that row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_content')
    .addColumn('section', 'text', (col) => col.notNull())
    // A locale code for brand pages; 'all' for the settings and the partner list.
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('draft', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'integer', (col) => col.references('operators.id'))
    .addPrimaryKeyConstraint('site_content_pkey', ['section', 'locale'])
    .execute();

  await db.schema
    .createTable('site_builds')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('preview', 'publish')`))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('running', 'succeeded', 'failed')`))
    .addColumn('content', 'jsonb', (col) => col.notNull())
    .addColumn('started_by', 'integer', (col) => col.references('operators.id'))
    .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('heartbeat_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('duration_ms', 'integer')
    .addColumn('progress', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('error', 'text')
    // Which build of the product's code made this version (its hashed asset names): after a deploy of new
    // code the live version is rebuilt, so its islands match the API.
    .addColumn('code_version', 'text')
    .execute();
  // One build at a time, whichever process runs it.
  await sql`create unique index site_builds_one_running on site_builds (status) where status = 'running'`.execute(db);

  await db.schema
    .createTable('site_live')
    .addColumn('id', 'smallint', (col) => col.primaryKey().check(sql`id = 1`))
    // Null until the first publish: the site built with the product is served.
    .addColumn('build_id', 'integer', (col) => col.references('site_builds.id'))
    .addColumn('switched_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('switched_by', 'integer', (col) => col.references('operators.id'))
    .execute();
  await sql`insert into site_live (id, build_id) values (1, null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_live').execute();
  await db.schema.dropTable('site_builds').execute();
  await db.schema.dropTable('site_content').execute();
}
