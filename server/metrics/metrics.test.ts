import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { verificationBody } from '../../tests/helpers/identity.ts';
import { expectFailure, registerMember, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { addProcessMetrics } from './metrics.ts';
import { startMetricsServer, type MetricsServer } from './metrics-server.ts';

/** The value of one series in Prometheus's text format (0 when it is not there). */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

describe.each(databaseKinds())('metrics (decision 056) on %s', (kind) => {
  let testApp: TestApp;
  let served: MetricsServer;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    addProcessMetrics(testApp.app.metrics);
    served = await startMetricsServer(testApp.app.metrics.registry, 0, '127.0.0.1');
  });
  afterAll(async () => {
    await served.close();
    await testApp.close();
  });
  const scrape = async () => {
    const answer = await fetch(`http://127.0.0.1:${served.port}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    return answer.text();
  };

  it('counts answers by route pattern and status, times them, and counts refusals by their error code', async () => {
    const before = await scrape();
    const products = 'gs_http_requests_total{method="GET",route="/api/v1/product/:id",status="200"}';
    const missing = 'gs_http_requests_total{method="GET",route="/api/v1/product/:id",status="404"}';
    await send(testApp.app, 'GET', 'v1/product/1');
    await send(testApp.app, 'GET', 'v1/product/1');
    expectFailure(await send(testApp.app, 'GET', 'v1/product/999999'), 404);
    expectFailure(await send(testApp.app, 'GET', 'v1/no-such-route'), 404);
    // A refusal thrown by a route's schema is counted by its code too.
    expectFailure(await send(testApp.app, 'POST', 'v1/login', { body: { username: 'x' } }), 422);

    const after = await scrape();
    expect(valueOf(after, products) - valueOf(before, products)).toBe(2);
    expect(valueOf(after, missing) - valueOf(before, missing)).toBe(1);
    // The raw path never becomes a series: an unknown one is "unmatched".
    expect(after).not.toContain('no-such-route');
    expect(after).not.toContain('/api/v1/product/1"');
    expect(valueOf(after, 'gs_http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(1);
    const timed = 'gs_http_request_duration_seconds_count{method="GET",route="/api/v1/product/:id"}';
    expect(valueOf(after, timed) - valueOf(before, timed)).toBe(3);
    for (const code of ['product_not_found', 'route_not_found', 'validation']) {
      const series = `gs_http_errors_total{code="${code}"}`;
      expect(valueOf(after, series) - valueOf(before, series), code).toBe(1);
    }
  });

  it('times database statements, and on PostgreSQL shows the pool', async () => {
    const text = await scrape();
    expect(valueOf(text, 'gs_db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
    if (kind === 'postgres') expect(text).toMatch(/^gs_db_pool_connections\{state="total"\} [1-9]/m);
    else expect(text).not.toContain('gs_db_pool_connections');
  });

  it('shows the operators’ queues as the back office counts them, and the process’s own figures', async () => {
    const series = 'gs_work_waiting{queue="verifications"}';
    const before = valueOf(await scrape(), series);
    // A member asks for their identity to be checked: one more in the operators' verification queue.
    const member = await registerMember(testApp.app);
    const asked = await send(testApp.app, 'PUT', `v1/user/${member.id}`, {
      token: member.token,
      body: await verificationBody(testApp.app, member, 'Lin Mei'),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const admin = await operatorToken(testApp.app, testApp.database.db);
    const counts = (await send(testApp.app, 'GET', 'admin/v1/work-counts?fresh=true', { token: admin })).json() as {
      detail: Record<string, number>;
    };
    const text = await scrape();
    expect(valueOf(text, series)).toBe(before + 1);
    expect(valueOf(text, series)).toBe(counts.detail.verifications);
    expect(text).toContain('gs_transfers_waiting 0');
    expect(text).toMatch(/^gs_process_cpu_seconds_total /m);
    expect(text).toMatch(/^gs_nodejs_eventloop_lag_seconds /m);
  });

  it('answers only GET /metrics on its own port, never on the product’s', async () => {
    expect((await fetch(`http://127.0.0.1:${served.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${served.port}/metrics`, { method: 'POST' })).status).toBe(404);
    const onProduct = await testApp.app.inject({ method: 'GET', url: '/metrics' });
    expect(onProduct.body).not.toContain('gs_http_requests_total');
  });
});

describe('METRICS_PORT and METRICS_HOST', () => {
  it('are off by default, on this machine only when set, and refused when not a port', () => {
    const base = { DATA_DIR: '/nonexistent-test-data' };
    expect(loadConfig(base)).toMatchObject({ metricsPort: undefined, metricsHost: '127.0.0.1' });
    expect(loadConfig({ ...base, METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(loadConfig({ ...base, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metricsHost).toBe('10.0.0.5');
    expect(() => loadConfig({ ...base, METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ ...base, METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });
});
