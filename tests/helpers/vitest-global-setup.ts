import { prepareDatabaseTemplates } from './database-templates.ts';

/** Once per vitest run, before any test file: the migrated, seeded databases every test app copies. */
export default async function setup(): Promise<() => Promise<void>> {
  return prepareDatabaseTemplates();
}
