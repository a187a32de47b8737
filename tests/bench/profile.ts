/**
 * Where a route's server CPU goes: the product started under V8's CPU profiler at its default log
 * level, the route asked for a second to warm it, then loaded for BENCH_SECONDS; the profile is read
 * back as the top functions by self and total time, and self time by whose code it is (Node's HTTP
 * and sockets, Fastify, pino, the product). Idle time is left out of every share.
 *
 *   node tests/bench/profile.ts /api/health /api/v1/check   (DATABASE_URL for PostgreSQL)
 *
 * A sampling profiler on two shared cores counts the time the server waits for a core as time in
 * the function it was in (decision 058): read the shares beside the CPU figures of bench.ts.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startProduct } from '../helpers/product-server.ts';
import { createScratchDatabase } from '../helpers/test-app.ts';
import { durationSeconds, load, warmUpSeconds } from './load.ts';
import { createFundedMembers } from './transfer-members.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  /** Microseconds on the monotonic clock, which this process reads as `process.hrtime`. */
  startTime: number;
  timeDeltas: number[];
}

/** The samples taken between two moments of the monotonic clock (µs): the load, not the start-up. */
function samplesWithin(profile: CpuProfile, from: number, to: number): number[] {
  let time = profile.startTime;
  return profile.samples.filter((_sample, index) => {
    time += profile.timeDeltas[index] ?? 0;
    return time >= from && time <= to;
  });
}

const sampleMicroseconds = 250;
const monotonicMicroseconds = () => Number(process.hrtime.bigint() / 1000n);

const topCount = 25;
/** The leaf of the write(2) that sends an answer, where the sampler also charges the time the server waits for a core. */
const socketWrite = new Set(['writeUtf8String', 'writeBuffer', 'writev']);
/** Whose code a frame is, from its script's address; the first that matches names it. */
const owners: [string, RegExp][] = [
  ['pino', /node_modules\/(pino|sonic-boom|fast-redact|thread-stream|quick-format)/],
  ['@fastify/cors', /node_modules\/@fastify\/cors/],
  [
    'fastify and its parts',
    /node_modules\/(fastify|@fastify|find-my-way|light-my-request|fast-json-stringify|avvio|fast-querystring|toad-cache|safe-regex2)/,
  ],
  ['other packages', /node_modules\//],
  ['the product', /\/(server|contract)\//],
  ["Node's own (HTTP, sockets, streams)", /^node:/],
];

function ownerOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (url === '') return functionName.startsWith('(') ? `V8 ${functionName}` : 'V8 and native';
  return owners.find(([, pattern]) => pattern.test(url))?.[0] ?? 'other';
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file =
    url === '' ? '' : ` ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|tests)\//, '$1/')}:${lineNumber + 1}`;
  return `${functionName || '(anonymous)'}${file}`;
}

/**
 * Self and total sample counts per function, and self counts per owner, idle left out, and the
 * samples whose leaf is in `leftOut` too.
 */
function summarise(profile: CpuProfile, samples: number[], leftOut: Set<string> = new Set()): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const owned = new Map<string, number>();
  let counted = 0;
  for (const sample of samples) {
    const leaf = byId.get(sample);
    if (leaf === undefined || leaf.callFrame.functionName === '(idle)' || leftOut.has(leaf.callFrame.functionName)) continue;
    counted += 1;
    self.set(frameName(leaf), (self.get(frameName(leaf)) ?? 0) + 1);
    owned.set(ownerOf(leaf), (owned.get(ownerOf(leaf)) ?? 0) + 1);
    const onStack = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id);
      if (node !== undefined && node.callFrame.functionName !== '(root)') onStack.add(frameName(node));
    }
    for (const name of onStack) total.set(name, (total.get(name) ?? 0) + 1);
  }
  const share = (count: number) => `${((count / Math.max(1, counted)) * 100).toFixed(1).padStart(5)} %`;
  const top = (counts: Map<string, number>) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, topCount)
      .map(([name, count]) => `  ${share(count)}  ${name}`);
  return [
    `${counted} samples, idle${[...leftOut].map((name) => `, ${name}`).join('')} left out. Self time by whose code it is:`,
    ...[...owned].sort((a, b) => b[1] - a[1]).map(([owner, count]) => `  ${share(count)}  ${owner}`),
    'Top functions by self time:',
    ...top(self),
    'Top functions by total time (the function and what it called):',
    ...top(total),
  ].join('\n');
}

async function profileRoutes(routes: string[]): Promise<void> {
  const profileDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-profile-'));
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase() : undefined;
  const env = { LOG_LEVEL: 'info', ORDER_EXPIRY_CHECK_MINUTES: '0', ...(scratch === undefined ? {} : { DATABASE_URL: scratch.url }) };
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-bench-'));
  // A first start migrates the database; the member is written before the profiled starts.
  await (await startProduct(env, dataDir)).stop();
  const [token] = await createFundedMembers(scratch === undefined ? { dataDir } : { databaseUrl: scratch.url }, 1);
  const headers = { authorization: `Bearer ${token}` };
  try {
    for (const route of routes) {
      const server = await startProduct(
        {
          ...env,
          NODE_OPTIONS: `--cpu-prof --cpu-prof-interval=${sampleMicroseconds} --cpu-prof-dir=${path.join(profileDir, route.replaceAll('/', '_'))}`,
        },
        dataDir,
      );
      await load(`${server.baseUrl}${route}`, headers, 10, warmUpSeconds);
      const from = monotonicMicroseconds();
      const figure = await load(`${server.baseUrl}${route}`, headers, 10, durationSeconds);
      const to = monotonicMicroseconds();
      await server.stop();
      const folder = path.join(profileDir, route.replaceAll('/', '_'));
      const [file] = await fs.readdir(folder);
      const profile = JSON.parse(await fs.readFile(path.join(folder, file ?? ''), 'utf8')) as CpuProfile;
      console.log(`\n== GET ${route}, 10 connections, ${durationSeconds} s: ${figure.rps.toFixed(0)} req/s under the profiler`);
      const samples = samplesWithin(profile, from, to);
      console.log(summarise(profile, samples));
      // Where the server was descheduled: the sampler charges the wait to the socket write that woke the load generator.
      console.log(`\nThe same, the socket write left out (decision 058):\n${summarise(profile, samples, socketWrite)}`);
    }
  } finally {
    await scratch?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(profileDir, { recursive: true, force: true });
  }
}

await profileRoutes(process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/api/health', '/api/v1/check']);
