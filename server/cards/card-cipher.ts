import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Card numbers at rest: AES-256-GCM with a fresh nonce per value, and a keyed digest for
 * finding duplicates without decrypting. The digest's key is derived from the same secret,
 * so one configured key serves both.
 */
const formatVersion = 'v1';

export function encryptCardNumber(key: Buffer, cardNumber: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const sealed = Buffer.concat([cipher.update(cardNumber, 'utf8'), cipher.final()]);
  return [formatVersion, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(':');
}

export function decryptCardNumber(key: Buffer, stored: string): string {
  const [version, nonce = '', tag = '', sealed = ''] = stored.split(':');
  if (version !== formatVersion) throw new Error('Unknown card cipher format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}

export function cardNumberDigest(key: Buffer, cardNumber: string): string {
  const digestKey = createHmac('sha256', key).update('card-number-digest').digest();
  return createHmac('sha256', digestKey).update(cardNumber).digest('hex');
}

/** "************1234": the list shows only the last four digits. */
export function maskCardNumber(last4: string, length: number): string {
  return `${'*'.repeat(Math.max(0, length - last4.length))}${last4}`;
}
