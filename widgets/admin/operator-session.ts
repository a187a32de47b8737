import { apiRequest, ApiFailure, type Body, type Envelope, type Method } from '../core/api.ts';
import { storedAtom } from '../core/stored-atom.ts';

/** The operator's token, apart from any member session in the same browser. */
export const $operatorToken = storedAtom<string>('operatorToken', '');

/** A back-office call with the operator's token; a 401 ends the operator session only. */
export async function adminRequest<T>(method: Method, path: string, body?: Body): Promise<Envelope<T>> {
  try {
    return await apiRequest<T>(method, `/admin/v1${path}`, body, { token: $operatorToken.get() });
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 401) $operatorToken.set('');
    throw error;
  }
}

export type SignInStage = 'signed_in' | 'code' | 'enrol';

/**
 * The password step. When a code is due the half-signed-in token is handed back rather than
 * kept, so the back office stays closed until the second step succeeds.
 */
export async function operatorLogin(username: string, password: string): Promise<{ stage: SignInStage; token: string }> {
  const envelope = await apiRequest<{ token: string; stage?: SignInStage }>(
    'POST',
    '/admin/v1/login',
    { username, password },
    { anonymous: true },
  );
  const stage = envelope.detail.stage ?? 'signed_in';
  if (stage !== 'code') $operatorToken.set(envelope.detail.token);
  return { stage, token: envelope.detail.token };
}

export async function operatorLogout(): Promise<void> {
  try {
    await adminRequest('POST', '/logout');
  } finally {
    $operatorToken.set('');
  }
}
