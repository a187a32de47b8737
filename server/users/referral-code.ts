import { randomInt } from 'node:crypto';

/** No 0/O or 1/I/L: codes are read aloud and typed from screenshots. */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 31^8 ≈ 8.5e11 codes: collisions are rare and retried, and codes cannot be enumerated. */
const codeLength = 8;

export function newReferralCode(): string {
  let code = '';
  for (let index = 0; index < codeLength; index += 1) code += alphabet[randomInt(alphabet.length)];
  return code;
}
