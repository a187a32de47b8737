import { atom } from 'nanostores';
import type { OperatorSignIn } from '../../../contract/api/operators.ts';
import { apiRequest, ApiFailure, type Body, type Envelope, type Method } from '../../core/api.ts';
import { storedAtom } from '../../core/stored-atom.ts';

/** The operator's token, apart from any member session in the same browser. */
export const $operatorToken = storedAtom<string>('operatorToken', '');

/** Counts the operator's changes that succeeded: whatever shows waiting work reads it again after each (work-counts.ts). */
export const $operatorChanges = atom(0);

/** A back-office call with the operator's token; a 401 ends the operator session only. */
export async function adminRequest<T>(method: Method, path: string, body?: Body, headers?: Record<string, string>): Promise<Envelope<T>> {
  const answer = await endedOn401(
    apiRequest<T>(method, `/admin/v1${path}`, body, { token: $operatorToken.get(), ...(headers === undefined ? {} : { headers }) }),
  );
  if (method !== 'GET') $operatorChanges.set($operatorChanges.get() + 1);
  return answer;
}

/** A back-office file (the audit log as CSV), fetched with the operator's token; the back office runs on our own site. */
export async function adminDownload(path: string): Promise<Blob> {
  const { directTransport } = await import('../../core/http.ts');
  return endedOn401(directTransport.download({ method: 'GET', path: `/admin/v1${path}`, token: $operatorToken.get() }));
}

async function endedOn401<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 401) $operatorToken.set('');
    throw error;
  }
}

export type SignInStage = OperatorSignIn['stage'];

/**
 * The password step. When a code is due the half-signed-in token is handed back rather than
 * kept, so the back office stays closed until the second step succeeds.
 */
export async function operatorLogin(username: string, password: string): Promise<{ stage: SignInStage; token: string }> {
  const envelope = await apiRequest<OperatorSignIn>('POST', '/admin/v1/login', { username, password }, { anonymous: true });
  const { stage } = envelope.detail;
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
