import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { buildConstants } from './scripts/build-info.mjs';

export default defineConfig({
  define: buildConstants(),
  test: {
    include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'widgets/**/*.test.ts', 'locales/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    exclude: ['**/*.browser.test.*', 'node_modules/**', 'dist/**'],
    // Each API test file owns one embedded database, so files run side by side, one per core (Vitest's own
    // default leaves a core free: one file at a time on a two-core machine).
    pool: 'forks',
    maxWorkers: availableParallelism(),
    // One migrated, seeded database of each kind per run, copied by every test app (tests/helpers/database-templates.ts).
    globalSetup: ['tests/helpers/vitest-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
