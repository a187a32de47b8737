import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Config } from '../config.ts';
import { decryptCardNumber, encryptCardNumber } from '../cards/card-cipher.ts';
import { keyDerivedFromCardKey } from '../shared/derived-key.ts';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. */
const periodSeconds = 30;
const issuer = 'Graphene Solar back office';
/** One step either side, for a phone clock a little off. */
const window = 1;

export const recoveryCodeCount = 10;

/**
 * The key TOTP secrets are sealed with: derived (HKDF) from the configured card-number key, so one
 * secret to keep safe serves both, and a leak of one derived key reveals nothing of the other.
 */
export function totpKeyOf(config: Config): Buffer {
  return keyDerivedFromCardKey(config, 'operator-totp-secret');
}

/** AES-256-GCM, the same sealed format as card numbers. */
export const sealSecret = (key: Buffer, base32: string): string => encryptCardNumber(key, base32);
export const openSecret = (key: Buffer, sealed: string): string => decryptCardNumber(key, sealed);

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(base32: string, username: string): string {
  return new TOTP({ issuer, label: username, secret: Secret.fromBase32(base32), period: periodSeconds }).toString();
}

/** The time step a six-digit code was made for, or undefined when it matches none near now. */
export function matchingStep(base32: string, code: string, now = Date.now()): bigint | undefined {
  if (!/^[0-9]{6}$/.test(code)) return undefined;
  const totp = new TOTP({ secret: Secret.fromBase32(base32), period: periodSeconds });
  const delta = totp.validate({ token: code, timestamp: now, window });
  if (delta === null) return undefined;
  return BigInt(Math.floor(now / 1000 / periodSeconds) + delta);
}

/** Recovery codes: 60 random bits each, as three groups of four characters people can read aloud. */
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const chars = [...randomBytes(12)].map((byte) => recoveryAlphabet[byte % recoveryAlphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** How a typed recovery code is compared: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

/**
 * A recovery code is random and long, and each try is rate limited, so a plain SHA-256 is enough
 * (no slow hash needed as for chosen passwords).
 */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}
