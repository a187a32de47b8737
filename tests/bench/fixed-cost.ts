/**
 * The fixed cost of a request (issue 39, decision 058): the product's GET /api/health beside bare
 * Fastify answering the same JSON, and the steps between them, each measured in the same run so the
 * gap is split by measurement, not by guess:
 *
 * - bare Fastify, one route, no logger (the anchor);
 * - the same with the product's own answer headers (copied from its health answer) set in one hook:
 *   what the headers alone cost to send;
 * - the product with request logging off (LOG_LEVEL=warn): what its hooks, plugins and routing add;
 * - the product as installed (LOG_LEVEL=info: a line as each request comes in, one as it is answered).
 *
 * The four are measured in turn, twice over, so a machine that changes speed during the run
 * changes all of them alike; each figure is the mean of its two.
 */
import type { ProductServer } from '../helpers/product-server.ts';
import { startBareFastify, type BareFastify } from './bare-fastify.ts';
import { cpuPerRequest } from './cpu.ts';
import { durationSeconds, load, ratioAgainstGoal, row, warmUpSeconds, type Figure } from './load.ts';

const rounds = 2;
const connections = 10;
/** Headers of a product answer that belong to the message, not to the product's choices. */
const messageHeaders = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'x-request-id']);

export interface FixedCost {
  bare: Figure;
  bareWithHeaders: Figure;
  productQuiet: Figure;
  product: Figure;
}

async function productHeaders(healthUrl: string): Promise<Record<string, string>> {
  const response = await fetch(healthUrl);
  await response.arrayBuffer();
  return Object.fromEntries([...response.headers].filter(([name]) => !messageHeaders.has(name)));
}

function mean(figures: Figure[]): Figure {
  const average = (pick: (figure: Figure) => number) => figures.reduce((sum, figure) => sum + pick(figure), 0) / figures.length;
  const cpu = figures.every((figure) => figure.cpu !== undefined)
    ? {
        server: average((figure) => figure.cpu?.server ?? 0),
        postgres: average((figure) => figure.cpu?.postgres ?? 0),
        loadGenerator: average((figure) => figure.cpu?.loadGenerator ?? 0),
      }
    : undefined;
  return {
    rps: average((figure) => figure.rps),
    p99: Math.max(...figures.map((figure) => figure.p99)),
    errors: figures.reduce((sum, figure) => sum + figure.errors, 0),
    ...(cpu === undefined ? {} : { cpu }),
  };
}

/**
 * `product` is the server the other figures are taken on (started at the production log level);
 * `startQuiet` starts another on the same database with request logging off.
 */
/** A running server the figures are taken on. */
type Measured = Pick<ProductServer, 'baseUrl' | 'pid'> & { stop(): Promise<unknown> };

export async function measureFixedCost(product: Measured, startQuiet: () => Promise<Measured>): Promise<FixedCost> {
  const productUrl = `${product.baseUrl}/api/health`;
  const started: { stop(): Promise<unknown> }[] = [];
  try {
    const bare: BareFastify = await startBareFastify();
    started.push(bare);
    const withHeaders = await startBareFastify(await productHeaders(productUrl));
    started.push(withHeaders);
    const quiet = await startQuiet();
    started.push(quiet);
    const targets = [
      { url: bare.healthUrl, pid: bare.pid },
      { url: withHeaders.healthUrl, pid: withHeaders.pid },
      { url: `${quiet.baseUrl}/api/health`, pid: quiet.pid },
      { url: productUrl, pid: product.pid },
    ];
    for (const target of targets) await load(target.url, {}, connections, warmUpSeconds);
    const samples: Figure[][] = targets.map(() => []);
    for (let round = 0; round < rounds; round += 1)
      for (const [index, target] of targets.entries())
        samples[index]?.push(await cpuPerRequest(target.pid, durationSeconds, () => load(target.url, {}, connections)));
    const [bareFigure, headersFigure, quietFigure, productFigure] = samples.map(mean);
    if (bareFigure === undefined || headersFigure === undefined || quietFigure === undefined || productFigure === undefined)
      throw new Error('a fixed-cost figure is missing');
    return { bare: bareFigure, bareWithHeaders: headersFigure, productQuiet: quietFigure, product: productFigure };
  } finally {
    for (const server of started.reverse()) await server.stop();
  }
}

/** Where a request's fixed cost goes, in server CPU per request: each step beside the one before. */
export function printFixedCost(figures: FixedCost): void {
  const cpu = (figure: Figure) => figure.cpu?.server ?? 0;
  const step = (figure: Figure, before: Figure) => `+${(cpu(figure) - cpu(before)).toFixed(0)} µs of server CPU per request`;
  console.log(`Fixed cost of a request: GET /api/health beside bare Fastify (${rounds} rounds each, in turn)`);
  console.log(row('  bare Fastify 5, one route, the same JSON', figures.bare, '(the anchor)'));
  console.log(row('  bare Fastify with the product\u2019s headers', figures.bareWithHeaders, step(figures.bareWithHeaders, figures.bare)));
  console.log(row('  the product, request lines not logged', figures.productQuiet, step(figures.productQuiet, figures.bareWithHeaders)));
  console.log(row('  the product as installed (LOG_LEVEL=info)', figures.product, step(figures.product, figures.productQuiet)));
  const cpuShare = cpu(figures.product) === 0 ? '' : `; server CPU ${(cpu(figures.bare) / cpu(figures.product)).toFixed(3)} of bare`;
  console.log(
    `  GET /api/health as installed: ${ratioAgainstGoal(figures.product.rps, figures.bare.rps, 0.7)} of bare Fastify${cpuShare}` +
      `; request lines not logged: ${(figures.productQuiet.rps / figures.bare.rps).toFixed(3)}`,
  );
}
