/**
 * autocannon loads the benchmark applies: a plain GET, and wallet deposits each with its own
 * Idempotency-Key, over one server or spread evenly over several at once.
 */
import autocannon from 'autocannon';
import { cpuNote, type CpuShare } from './cpu.ts';

export const durationSeconds = Number(process.env.BENCH_SECONDS ?? 3);
/**
 * How long each route is asked before its figure is taken: its code compiled by V8 and its schemas
 * by the server (they compile on a route's first request), as in a process that has served a while.
 */
export const warmUpSeconds = 1;

export interface Figure {
  rps: number;
  p99: number;
  errors: number;
  /** CPU microseconds per request on each side, where measured (cpu.ts). */
  cpu?: CpuShare;
}

export async function load(
  url: string,
  headers: Record<string, string> = {},
  connections = 10,
  seconds = durationSeconds,
): Promise<Figure> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

let transferSequence = 0;

/** Deposits of 100 points to the store, rotating through the given members' tokens. */
export async function transferLoad(baseUrl: string, tokens: string[], connections: number): Promise<Figure> {
  const run = `${process.pid}-${Date.now()}`;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: durationSeconds,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/enjoycity/1/deposit',
        setupRequest: (request) => {
          transferSequence += 1;
          return {
            ...request,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              authorization: `Bearer ${tokens[transferSequence % tokens.length]}`,
              'idempotency-key': `bench-${run}-${transferSequence}`,
            },
            body: 'amount=100',
          };
        },
      },
    ],
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** One load per server, all at once: requests per second add up, p99 is the worst of them. */
export async function acrossServers(baseUrls: string[], run: (baseUrl: string) => Promise<Figure>): Promise<Figure> {
  const figures = await Promise.all(baseUrls.map(run));
  return {
    rps: figures.reduce((sum, figure) => sum + figure.rps, 0),
    p99: Math.max(...figures.map((figure) => figure.p99)),
    errors: figures.reduce((sum, figure) => sum + figure.errors, 0),
  };
}

/** "0.27 of health (goal ≥ 0.25: met)" */
export function ratioAgainstGoal(value: number, base: number, goal: number): string {
  const ratio = value / base;
  return `${ratio.toFixed(3)} (goal ≥ ${goal}: ${ratio >= goal ? 'met' : 'not met'})`;
}

export function row(label: string, figure: Figure, extra = ''): string {
  const cpu = cpuNote(figure.cpu);
  return `${label.padEnd(44)} ${figure.rps.toFixed(0).padStart(7)} req/s  p99 ${figure.p99.toFixed(1).padStart(7)} ms  errors ${String(figure.errors).padStart(4)}  ${extra}${cpu === '' ? '' : `\n${' '.repeat(46)}${cpu}`}`;
}
