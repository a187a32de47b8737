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
    // A worker keeps its loaded modules from one file to the next (fastify, kysely, the server's code): the run took
    // 30 % less CPU and 272 s instead of 372 s on a quiet two-core machine (2026-11-28). A test file therefore leaves
    // nothing behind in a module's state or on globalThis: each opens its own app and database, and restores any
    // timer or environment variable it changes.
    isolate: false,
    // One migrated, seeded database of each kind per run, copied by every test app (tests/helpers/database-templates.ts).
    globalSetup: ['tests/helpers/vitest-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
