import { isIP } from 'node:net';

/**
 * Which proxies stand in front of the server (TRUST_PROXY): how many, or their addresses and
 * CIDR ranges; false: none, the peer is the client. The client address (rate limits, logs) is the
 * right-most X-Forwarded-For entry no trusted proxy wrote, never one the client chose (decision 044).
 */
export type TrustedProxies = false | number | string[];

/** More proxies than this in a row is a mistake in the setting, not a network. */
const proxyHopsMax = 10;
/** proxy-addr's names for the private ranges, accepted beside addresses and CIDR ranges. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Reads TRUST_PROXY: `false`, a hop count, or a comma-separated list of addresses and CIDR ranges.
 * `true` is refused with what to set instead: it would trust every hop, so the client address would
 * be the left-most X-Forwarded-For entry, which the client writes itself.
 */
export function parseTrustedProxies(raw: string, problems: string[]): TrustedProxies {
  if (raw === 'false' || raw === '0') return false;
  if (raw === 'true') {
    problems.push(
      'TRUST_PROXY=true would let any client choose its own address: set TRUST_PROXY to the addresses or CIDR ranges of your load balancers, comma separated (such as 10.0.0.0/8), or to how many proxies stand in front of the server (1 for one load balancer)',
    );
    return false;
  }
  if (/^[0-9]+$/.test(raw)) {
    const hops = Number(raw);
    if (hops <= proxyHopsMax) return hops;
    problems.push(`TRUST_PROXY must count from 0 to ${proxyHopsMax} proxies, got "${raw}"`);
    return false;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !proxyRangeNames.has(entry) && !isAddressOrRange(entry));
  if (wrong.length > 0) {
    problems.push(`TRUST_PROXY entries must be addresses or CIDR ranges such as 10.0.0.0/8, got "${wrong.join(', ')}"`);
    return false;
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's trustProxy option. Fastify reads a bare number as "trust nothing" (a count cannot tell
 * a proxy from a client that reached the server directly), so a count is given as the hop test
 * itself: the peer and the next `hops - 1` entries are proxies, the entry after them is the client.
 */
export function trustProxyOption(trusted: TrustedProxies): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trusted !== 'number') return trusted;
  if (trusted === 0) return false;
  return (_address, hop) => hop < trusted;
}
