import type { FastifyServerOptions } from 'fastify';

/** A logger that keeps every line the server writes, parsed, for a test that reads the log. */
export function capturedLog(level = 'info'): { logger: FastifyServerOptions['logger']; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  return { logger: { level, stream }, lines };
}

/** The client address of every request the server logged as it came in. */
export function loggedAddresses(lines: Record<string, unknown>[]): string[] {
  return lines
    .filter((line) => line.msg === 'incoming request')
    .map((line) => String((line.req as { remoteAddress?: unknown } | undefined)?.remoteAddress));
}

/** X-Forwarded-For as a client forges it: made-up addresses first, then what the balancer appended. */
export function forgedChain(index: number, appended: string): string {
  return `10.${(index >> 8) & 255}.${index & 255}.1, ${appended}`;
}
