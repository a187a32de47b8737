import { $apiOrigin } from './api-origin.ts';
import { ApiFailure, $pending, requestTimeoutMs, type Envelope } from './api.ts';
import { handleUnauthorized } from './session-expiry.ts';
import { $token } from './session.ts';

/** What POST v1/image/upload answers: the upload's id (sent with the verification) and its private path. */
export interface UploadedImage {
  id: number;
  image_path: string;
}

/**
 * Sends one photo as multipart/form-data in the field "image" (API contract). The shared client
 * (widgets/core/http.ts, wretch) sends form-encoded bodies only and its FormData addon is not
 * installed, so this one call uses fetch directly, with the same query, token, time-out,
 * loading count and 401 handling as every other request.
 */
export async function uploadImage(file: File): Promise<UploadedImage> {
  const token = $token.get();
  const query = new URLSearchParams({ mode: 'web', domain: location.hostname, device: 'mobile' });
  const body = new FormData();
  body.append('image', file);
  $pending.set($pending.get() + 1);
  try {
    let response: Response;
    try {
      response = await fetch(`${$apiOrigin.get()}/api/v1/image/upload?${query.toString()}`, {
        method: 'POST',
        headers: token === '' ? {} : { Authorization: `Bearer ${token}` },
        body,
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch {
      throw new ApiFailure(0, 'failed to connect');
    }
    const envelope = (await response.json().catch(() => undefined)) as Envelope<UploadedImage> | undefined;
    if (!response.ok || envelope === undefined || (envelope.status !== 1 && envelope.code !== 1)) {
      const message = envelope?.message ?? 'upload failed';
      if (response.status === 401 && token !== '') handleUnauthorized(envelope?.error_code);
      throw new ApiFailure(response.status, message, envelope);
    }
    return envelope.detail;
  } finally {
    $pending.set($pending.get() - 1);
  }
}
