import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How we and a partner platform know each other's requests (decision 031): every request either
 * way carries the city's key id, a Unix time in seconds and a hex HMAC-SHA256, under the secret the
 * platform gave the operator, of the time, the method, the path and the body, one per line. A
 * signature older or newer than five minutes is refused, so a captured request cannot be replayed
 * later; within the window, replaying it changes nothing (every answer is idempotent).
 */
export const signatureHeaders = { key: 'x-gs-key', timestamp: 'x-gs-timestamp', signature: 'x-gs-signature' } as const;
export const signatureWindowSeconds = 300;

export interface PlatformCredentials {
  keyId: string;
  secret: string;
}

export function signature(secret: string, timestamp: string, method: string, path: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${method.toUpperCase()}\n${path}\n${body}`).digest('hex');
}

/** The three headers of a request we send. */
export function signedHeaders(credentials: PlatformCredentials, method: string, path: string, body: string, nowMs = Date.now()) {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    [signatureHeaders.key]: credentials.keyId,
    [signatureHeaders.timestamp]: timestamp,
    [signatureHeaders.signature]: signature(credentials.secret, timestamp, method, path, body),
  };
}

export type SignatureVerdict = 'valid' | 'missing' | 'unknown_key' | 'stale' | 'wrong';

/** Whether a request a platform sent is signed by it, now. */
export function verifySignature(
  credentials: PlatformCredentials,
  headers: Record<string, string | string[] | undefined>,
  method: string,
  path: string,
  body: string,
  nowMs = Date.now(),
): SignatureVerdict {
  const [keyId, timestamp, given] = [
    headers[signatureHeaders.key],
    headers[signatureHeaders.timestamp],
    headers[signatureHeaders.signature],
  ];
  if (typeof keyId !== 'string' || typeof timestamp !== 'string' || typeof given !== 'string') return 'missing';
  if (keyId !== credentials.keyId) return 'unknown_key';
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Number(timestamp) - nowMs / 1000) > signatureWindowSeconds) return 'stale';
  const expected = Buffer.from(signature(credentials.secret, timestamp, method, path, body), 'hex');
  const offered = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
  return offered.length === expected.length && timingSafeEqual(offered, expected) ? 'valid' : 'wrong';
}
