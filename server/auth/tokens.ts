import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits: far beyond guessing, and the contract's minimum of 128. */
const tokenBytes = 32;

export function newToken(): string {
  return randomBytes(tokenBytes).toString('base64url');
}

/** Tokens are stored only as this hash; a database leak yields no usable token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A well-formed token: anything else is refused before touching the database. */
export const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
