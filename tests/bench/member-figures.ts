/**
 * The figures measured on one running server: plain routes, member reads and wallet transfers,
 * each beside GET /api/health of the same server in the same run.
 */
import { cpuPerRequest } from './cpu.ts';
import { durationSeconds, load, transferLoad, warmUpSeconds, type Figure } from './load.ts';

export interface ServerFigures {
  routes: { route: string; figure: Figure }[];
  transfers: { label: string; connections: number; figure: Figure }[];
}

/** Connections for every route figure; transfers also at 50, where queues show in p99. */
export const connections = 10;
const transferConnections = [10, 50] as const;

export async function measureServer(
  baseUrl: string,
  serverPid: number | undefined,
  memberToken: string,
  transferTokens: string[],
): Promise<ServerFigures> {
  const measured = (run: () => Promise<Figure>) => cpuPerRequest(serverPid, durationSeconds, run);
  const member = { authorization: `Bearer ${memberToken}` };
  const routeList: [string, Record<string, string>][] = [
    ['/api/health', {}],
    ['/api/ready', {}],
    ['/api/v1/product/1', {}],
    ['/api/v1/check', member],
    ['/api/v1/userWallet', member],
    ['/api/v1/enjoycity', member],
  ];
  const routes = [];
  for (const [route, headers] of routeList) {
    await load(`${baseUrl}${route}`, headers, connections, warmUpSeconds);
    routes.push({ route, figure: await measured(() => load(`${baseUrl}${route}`, headers, connections)) });
  }
  const transfers = [];
  for (const connectionCount of transferConnections) {
    transfers.push({
      label: `spread over ${transferTokens.length} members`,
      connections: connectionCount,
      figure: await measured(() => transferLoad(baseUrl, transferTokens, connectionCount)),
    });
    transfers.push({
      label: 'one hot member',
      connections: connectionCount,
      figure: await measured(() => transferLoad(baseUrl, transferTokens.slice(0, 1), connectionCount)),
    });
  }
  return { routes, transfers };
}

export function routeFigure(figures: ServerFigures, route: string): Figure {
  const found = figures.routes.find((item) => item.route === route);
  if (found === undefined) throw new Error(`no figure for ${route}`);
  return found.figure;
}

export const loadNote = `${connections} connections unless stated, ${durationSeconds} s per figure`;
