import type { TransferType } from '../db/schema.ts';
import { ApiError } from '../shared/errors.ts';
import { parsePoints, pointsToDecimal } from '../shared/money.ts';
import type { ExternalPartnerPlatform } from './external-partner.ts';
import { partnerUnavailableMessage } from './partner-directory.ts';
import { signedHeaders, type PlatformCredentials } from './partner-signature.ts';

/** A platform that has not taken a transfer within this long is treated as unreachable. */
export const partnerRequestTimeoutMs = 10_000;
/** A balance is read while a member waits for the wallet list: it waits less. */
export const partnerBalanceTimeoutMs = 3_000;

export interface PlatformSettings extends PlatformCredentials {
  /** The platform's API root, from the back office; our paths are resolved under it. */
  baseUrl: string;
}

/**
 * A partner platform reached over HTTPS (decision 031), from the settings an operator saved in the
 * back office, read at each call so a change takes effect at once:
 * - `GET {base}/balances/{user_id}` answers `{"balance": "12.3400"}`, the member's points there;
 * - `POST {base}/transfers` with `{"transfer_id", "user_id", "type", "amount"}` hands a transfer over;
 *   any 2xx means taken, and the platform answers later on our result route.
 * Both are signed (partner-signature.ts). No redirect is followed: the signature names one path.
 */
export function httpPartnerPlatform(settingsOf: () => Promise<PlatformSettings | undefined>): ExternalPartnerPlatform {
  async function call(
    method: 'GET' | 'POST',
    path: string,
    payload?: Record<string, unknown>,
    timeoutMs = partnerRequestTimeoutMs,
  ): Promise<Response> {
    const settings = await settingsOf();
    if (settings === undefined) throw new Error('the partner platform is not configured');
    const url = new URL(path, settings.baseUrl.endsWith('/') ? settings.baseUrl : `${settings.baseUrl}/`);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const response = await fetch(url, {
      method,
      headers: {
        ...signedHeaders(settings, method, url.pathname, body),
        accept: 'application/json',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { body }),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`the partner platform answered ${response.status}`);
    return response;
  }

  return {
    async balance(userId: number): Promise<bigint> {
      try {
        const answer = (await (await call('GET', `balances/${userId}`, undefined, partnerBalanceTimeoutMs)).json()) as {
          balance?: unknown;
        };
        const balance = parsePoints(answer.balance);
        if (balance === undefined) throw new Error('the partner platform answered a balance that is not an amount');
        return balance;
      } catch {
        throw new ApiError(503, 'partner_unavailable', partnerUnavailableMessage);
      }
    },

    async requestTransfer(request: { transferId: string; userId: number; type: TransferType; amount: bigint }): Promise<void> {
      const response = await call('POST', 'transfers', {
        transfer_id: request.transferId,
        user_id: request.userId,
        type: request.type,
        amount: pointsToDecimal(request.amount),
      });
      await response.arrayBuffer();
    },
  };
}
