import { apiRequest } from '../core/api.ts';
import { atom } from 'nanostores';
import type { BankCard } from '../../contract/api/cards.ts';

/** The original app keeps the id of the card being edited in local storage under this key. */
export const bankCardIdKey = 'bankCardId';

/** The original app's delay before going back to the card list after adding or editing a card. */
export const bankSavedNoticeMs = 2_000;

export async function listCards(): Promise<BankCard[]> {
  return (await apiRequest<BankCard[]>('GET', '/v1/bankcard')).detail;
}

export async function getCard(id: number): Promise<BankCard> {
  return (await apiRequest<BankCard>('GET', `/v1/bankcard/${id}`)).detail;
}

/** POST v1/bankcard (no id) or PUT v1/bankcard/{id}, with the body cardBody() makes. */
export async function saveCard(body: Record<string, string>, id?: number): Promise<void> {
  await (id === undefined ? apiRequest('POST', '/v1/bankcard', body) : apiRequest('PUT', `/v1/bankcard/${id}`, body));
}

export async function deleteCard(id: number): Promise<void> {
  await apiRequest('DELETE', `/v1/bankcard/${id}`);
}

/**
 * On a partner's page, the card chosen in `<gs-bank-cards>` for the `<gs-bank-update>` beside it.
 * Kept in memory: nothing of ours goes into a partner page's storage, and our site's storage is
 * another origin's there.
 */
export const $cardToEdit = atom<number | null>(null);

export function rememberCardId(id: number): void {
  try {
    localStorage.setItem(bankCardIdKey, String(id));
  } catch {
    // Storage refused: the edit screen says no card was chosen.
  }
}

/** The card chosen for editing, null when none (or storage is refused). */
export function rememberedCardId(): number | null {
  try {
    const id = Number(localStorage.getItem(bankCardIdKey));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
