import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { startOperatorAlerts } from './operator-alerts.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the alert rounds every process runs', () => {
  let testApp: TestApp;
  let queries = 0;
  beforeAll(async () => {
    testApp = await createTestApp('pglite');
    testApp.database.observeQueries(() => (queries += 1));
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('read the database only when a queue announced a change, or when announcements may have been missed', async () => {
    const work = { generation: 1, listening: true };
    const stop = startOperatorAlerts(testApp.database.db, testApp.app.config, testApp.app.log, work, 20);
    try {
      await pause(300);
      expect(queries, 'the first round looks').toBeGreaterThan(0);
      queries = 0;
      await pause(300);
      expect(queries, 'nothing announced: fifteen ticks, no query').toBe(0);
      work.generation += 1;
      await pause(300);
      expect(queries, 'a change announced: one more round').toBeGreaterThan(0);
      work.listening = false;
      await pause(100);
      queries = 0;
      await pause(300);
      expect(queries, 'not listening: every tick looks').toBeGreaterThan(2);
    } finally {
      await stop();
    }
  });
});
