import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const argon2Async = promisify(argon2);

/**
 * argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane), stored in the PHC string format so
 * the parameters can be raised later without breaking existing hashes.
 */
export const passwordHashParameters = { memoryKiB: 19_456, passes: 2, parallelism: 1, saltBytes: 16, hashBytes: 32 } as const;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(passwordHashParameters.saltBytes);
  const hash = await derive(
    password,
    salt,
    passwordHashParameters.memoryKiB,
    passwordHashParameters.passes,
    passwordHashParameters.parallelism,
  );
  const { memoryKiB, passes, parallelism } = passwordHashParameters;
  return `$argon2id$v=19$m=${memoryKiB},t=${passes},p=${parallelism}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (match === null) return false;
  const [, memory = '', passes = '', parallelism = '', salt = '', expected = ''] = match;
  const expectedHash = Buffer.from(expected, 'base64url');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    Number(memory),
    Number(passes),
    Number(parallelism),
    expectedHash.length,
  );
  return timingSafeEqual(actual, expectedHash);
}

/** A hash of nothing in particular, verified when a name is unknown so that timing does not reveal which names exist. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  return (decoyHash ??= hashPassword(randomBytes(12).toString('hex')));
}

function derive(
  password: string,
  salt: Buffer,
  memory: number,
  passes: number,
  parallelism: number,
  length: number = passwordHashParameters.hashBytes,
) {
  return argon2Async('argon2id', { message: password, nonce: salt, memory, passes, parallelism, tagLength: length });
}
