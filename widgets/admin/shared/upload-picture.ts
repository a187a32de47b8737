import { ApiFailure, requestTimeoutMs, type Envelope } from '../../core/api.ts';
import { $apiOrigin } from '../../core/api-origin.ts';
import { $operatorToken } from './operator-session.ts';

/**
 * Uploads a picture for the brand site (a page's, or a product's at /catalogue/pictures) as multipart/form-data (the shared client sends form-encoded
 * bodies only); answers the `src` a page's picture field takes.
 */
export async function uploadPicture(file: File, path = '/site/pictures'): Promise<{ src: string }> {
  const body = new FormData();
  body.append('image', file);
  let response: Response;
  try {
    response = await fetch(`${$apiOrigin.get()}/api/admin/v1${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${$operatorToken.get()}` },
      body,
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
  } catch {
    throw new ApiFailure(0, 'failed to connect');
  }
  const envelope = (await response.json().catch(() => undefined)) as Envelope<{ src: string }> | undefined;
  if (!response.ok || envelope === undefined || envelope.status !== 1) {
    if (response.status === 401) $operatorToken.set('');
    throw new ApiFailure(response.status, envelope?.message ?? 'upload failed', envelope);
  }
  return envelope.detail;
}
