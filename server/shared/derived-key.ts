import { hkdfSync } from 'node:crypto';
import type { Config } from '../config.ts';

/**
 * A key for one purpose, derived (HKDF-SHA-256, the purpose as label) from the configured card-number
 * key: one secret to keep safe serves every purpose, and a leak of one derived key reveals nothing of
 * the card key or of another purpose's key.
 */
export function keyDerivedFromCardKey(config: Config, purpose: string): Buffer {
  if (config.cardNumberKey === undefined) throw new Error('No card-number key configured');
  return Buffer.from(hkdfSync('sha256', config.cardNumberKey, Buffer.alloc(0), purpose, 32));
}
