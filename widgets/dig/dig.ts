import { apiRequest, type Envelope } from '../core/api.ts';
import type { Translate } from '../core/i18n.ts';
import { knownRefusalKey } from '../core/refusal.ts';
import type { Paged } from '../core/paged.ts';
import type { SessionUser } from '../core/session.ts';
import type { Device } from '../../contract/api/devices.ts';
import type { IncomeRecord, InterestWallet } from '../../contract/api/distribution.ts';

/** Offline this long, a machine is flagged on /dig: longer than a power blip or a router restart. */
export const machineSilentWarnMs = 10 * 60_000;

/** Whether a machine has been silent long enough to warn its member (never reported counts once bound that long). */
export function machineSilent(device: Device, now: number): boolean {
  if (device.status === 'online' || device.retired === true) return false;
  const since = Date.parse(device.last_heartbeat_at ?? device.updated_at);
  return Number.isNaN(since) || now - since > machineSilentWarnMs;
}

export type IncomeEnvelope = Envelope<Paged<IncomeRecord>> & { wallet?: InterestWallet };

/** Refusals of the income list the screen words by their own code. */
export const incomeRefusals = ['service_unavailable', 'rate_limited', 'server_error'] as const;

/**
 * Loads one page of income. The original app shows the server's reason when the code is not 1: here it is
 * the refusal's code in the member's language; no answer at all gets the screen's own message.
 */
export async function loadIncomePage(path: string, t: Translate): Promise<IncomeEnvelope> {
  try {
    return (await apiRequest<Paged<IncomeRecord>>('GET', path)) as IncomeEnvelope;
  } catch (error) {
    throw new Error(t(knownRefusalKey(error, incomeRefusals, 'dig_load_error')), { cause: error });
  }
}

/** The original app's conversion: balance / original_price * 100; unknown until both are known and the price is positive. */
export function conversion(balance: number | null, wallet: InterestWallet | null): number | null {
  if (balance === null || wallet === null || !(wallet.original_price > 0)) return null;
  return (balance / wallet.original_price) * 100;
}

/** Online when any of the member's machines is; none at all is its own state (a link to add one). */
export function machineState(devices: readonly Device[]): 'none' | 'online' | 'offline' {
  if (devices.length === 0) return 'none';
  return devices.some((device) => device.status === 'online') ? 'online' : 'offline';
}

export function devicesOf(user: SessionUser | null): Device[] {
  // A member kept in the browser's storage by an older version may lack the list.
  const devices = user?.devices;
  return Array.isArray(devices) ? devices : [];
}
