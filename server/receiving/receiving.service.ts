import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { ApiError, fieldError, notFound, validationError } from '../shared/errors.ts';
import {
  findVirtualCurrency,
  insertReceivingAccount,
  knownCountries,
  lockAccountOrder,
  lockReceivingAccount,
  lockVirtualCurrency,
  setAccountPosition,
  updateReceivingAccount,
  updateVirtualCurrency,
  type ReceivingAccountRow,
  type ReceivingAccountValues,
} from './receiving.repository.ts';

export const accountNotFoundMessage = 'Receiving account not found';
export const accountNumberMessage = 'Enter the account number: letters and digits (spaces and dashes allowed), with at least 5 digits.';
export const demoFixedMessage = 'A demo account cannot be edited: add the real account instead.';
export const reasonMessage = 'The reason field is required.';
export const countryMessage = 'Unknown country.';
export const addressMessage = 'Enter the receiving address: 20 to 128 letters and digits.';
export const networkMessage = 'Enter the network of the address, such as TRC-20.';

/** An IBAN is at most 34 characters; local numbers with their spaces fit in 40. */
const accountNumberPattern = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{3,38})[A-Za-z0-9]$/;
/** The member notifies a payment with the last five digits of their own account; ours has at least five too. */
const accountNumberDigitsMin = 5;
const addressPattern = /^[A-Za-z0-9]{20,128}$/;

/** The request's form of the visibility lists: comma-separated, blank for none. */
export interface AccountInput {
  bank_name?: string;
  branch?: string;
  account_holder?: string;
  account_number?: string;
  type?: string;
  /** Site locales that show the account, e.g. "zhs,eng"; blank: none. */
  locales?: string;
  /** Member countries that see the account, e.g. "1,2"; blank: every country. */
  countries_id?: string;
}

export interface AccountChange extends AccountInput {
  enabled?: boolean;
  /** Why the account is disabled (required then), kept on the account and in the audit log. */
  reason?: string;
}

const bankFields = ['bank_name', 'branch', 'account_holder', 'account_number', 'type'] as const;

/** What the audit log keeps of an account. */
function auditView(account: ReceivingAccountRow) {
  return {
    bank_name: account.bank_name,
    branch: account.branch,
    account_holder: account.account_holder,
    account_number: account.account_number,
    type: account.type,
    locales: account.locales,
    countries_id: account.country_ids,
    enabled: account.enabled,
    demo: account.demo,
  };
}

const listOf = (text: string) => [...new Set(text.split(',').map((part) => part.trim()))].filter((part) => part !== '');

function checkedNumber(number: string): string {
  const typed = number.trim();
  const digits = typed.replace(/\D/g, '').length;
  if (!accountNumberPattern.test(typed) || digits < accountNumberDigitsMin)
    throw fieldError('account_number', 'receiving_account_number_invalid', accountNumberMessage);
  return typed;
}

async function checkedCountries(db: Db, text: string): Promise<number[]> {
  const ids = listOf(text).map(Number);
  const known = await knownCountries(db, ids);
  if (known.length !== ids.length) throw fieldError('countries_id', 'validation', countryMessage);
  return ids.sort((a, b) => a - b);
}

/** The fields as stored, every rule checked; only the fields the input names. */
async function checkedValues(db: Db, input: AccountInput): Promise<Partial<ReceivingAccountValues>> {
  const values: Partial<ReceivingAccountValues> = {};
  for (const field of bankFields) {
    const value = input[field];
    if (value !== undefined) values[field] = field === 'account_number' ? checkedNumber(value) : value.trim();
  }
  if (input.locales !== undefined) values.locales = listOf(input.locales);
  if (input.countries_id !== undefined) values.country_ids = await checkedCountries(db, input.countries_id);
  return values;
}

/** Adds a real (not demo), enabled account, last in the members' list. */
export async function addReceivingAccount(
  db: Db,
  operatorId: number,
  input: Required<Omit<AccountInput, 'locales' | 'countries_id'>> & AccountInput,
) {
  const values = await checkedValues(db, { locales: 'zhs,zht,eng', countries_id: '', ...input });
  return db.transaction().execute(async (trx) => {
    const account = await insertReceivingAccount(trx, values as ReceivingAccountValues);
    await recordAudit(trx, {
      operatorId,
      action: 'receiving_account.add',
      subjectType: 'receiving_account',
      subjectId: account.id,
      after: auditView(account),
    });
    return account;
  });
}

/**
 * Edits an account, or enables or disables it (disabling takes a reason); one audited change. A
 * demo account's bank details are fixed: a real account is added, never made by editing a placeholder.
 */
export async function changeReceivingAccount(db: Db, operatorId: number, id: number, change: AccountChange) {
  const named = [...bankFields, 'locales', 'countries_id', 'enabled'] as const;
  if (named.every((field) => change[field] === undefined)) throw validationError({ request: ['Nothing to change.'] }, 'nothing_to_change');
  const values = await checkedValues(db, change);
  return db.transaction().execute(async (trx) => {
    const before = await lockReceivingAccount(trx, id);
    if (before === undefined) throw notFound('receiving_account_not_found', accountNotFoundMessage);
    if (before.demo && bankFields.some((field) => values[field] !== undefined && values[field] !== before[field]))
      throw new ApiError(409, 'receiving_account_demo_fixed', demoFixedMessage);
    const reason = (change.reason ?? '').trim();
    const disabling = change.enabled === false && before.enabled;
    if (disabling && reason === '') throw fieldError('reason', 'validation', reasonMessage);
    const after = await updateReceivingAccount(trx, id, {
      ...values,
      ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
      ...(disabling ? { disabled_reason: reason } : change.enabled === true ? { disabled_reason: null } : {}),
      updated_at: new Date(),
    });
    const action =
      after.enabled === before.enabled
        ? 'receiving_account.edit'
        : after.enabled
          ? 'receiving_account.enable'
          : 'receiving_account.disable';
    await recordAudit(trx, {
      operatorId,
      action,
      subjectType: 'receiving_account',
      subjectId: id,
      before: auditView(before),
      after: { ...auditView(after), ...(disabling ? { reason } : {}) },
    });
    return after;
  });
}

/** Moves an account one place up or down in the members' list; the first stays first when moved up. */
export async function moveReceivingAccount(db: Db, operatorId: number, id: number, direction: 'up' | 'down') {
  return db.transaction().execute(async (trx) => {
    const order = await lockAccountOrder(trx);
    const at = order.indexOf(id);
    if (at === -1) throw notFound('receiving_account_not_found', accountNotFoundMessage);
    const to = direction === 'up' ? Math.max(0, at - 1) : Math.min(order.length - 1, at + 1);
    const moved = [...order];
    moved.splice(at, 1);
    moved.splice(to, 0, id);
    // Positions are renumbered 1..n in the new order, so ties left by older rows never stick.
    for (const [index, accountId] of moved.entries()) await setAccountPosition(trx, accountId, index + 1);
    await recordAudit(trx, {
      operatorId,
      action: 'receiving_account.move',
      subjectType: 'receiving_account',
      subjectId: id,
      before: { position: at + 1 },
      after: { position: to + 1 },
    });
    const account = await lockReceivingAccount(trx, id);
    if (account === undefined) throw notFound('receiving_account_not_found', accountNotFoundMessage);
    return account;
  });
}

export interface VirtualCurrencyChange {
  /** The receiving address; blank clears it (the method is then unavailable). */
  address?: string;
  network?: string;
  enabled?: boolean;
  reason?: string;
}

/**
 * Sets the virtual-currency method's address and network, or switches it on or off (off takes a
 * reason). Members can choose it only while it is on and has an address.
 */
export async function changeVirtualCurrency(db: Db, operatorId: number, change: VirtualCurrencyChange) {
  if (change.address === undefined && change.network === undefined && change.enabled === undefined)
    throw validationError({ request: ['Nothing to change.'] }, 'nothing_to_change');
  const address = change.address?.trim();
  if (address !== undefined && address !== '' && !addressPattern.test(address))
    throw fieldError('address', 'virtual_currency_address_invalid', addressMessage);
  return db.transaction().execute(async (trx) => {
    const before = await lockVirtualCurrency(trx);
    const nextAddress = address === undefined ? before.serial_number : address === '' ? null : address;
    const nextNetwork = change.network === undefined ? before.network : change.network.trim() === '' ? null : change.network.trim();
    // Setting an address switches the method on unless the operator says otherwise; clearing it switches it off.
    const enabled = nextAddress === null ? false : (change.enabled ?? (address !== undefined ? true : before.available));
    if (enabled && nextNetwork === null) throw fieldError('network', 'validation', networkMessage);
    if (change.enabled === true && nextAddress === null) throw fieldError('address', 'virtual_currency_address_invalid', addressMessage);
    const reason = (change.reason ?? '').trim();
    const disabling = before.available && !enabled;
    if (disabling && reason === '') throw fieldError('reason', 'validation', reasonMessage);
    const after = await updateVirtualCurrency(trx, { serial_number: nextAddress, network: nextNetwork, available: enabled });
    const view = (row: typeof before) => ({ address: row.serial_number, network: row.network, enabled: row.available });
    await recordAudit(trx, {
      operatorId,
      action:
        before.available === after.available
          ? 'virtual_currency.edit'
          : after.available
            ? 'virtual_currency.enable'
            : 'virtual_currency.disable',
      subjectType: 'payment_method',
      subjectId: after.id,
      before: view(before),
      after: { ...view(after), ...(disabling ? { reason } : {}) },
    });
    return after;
  });
}

export { findVirtualCurrency };

export { countReceivingAccounts, listReceivingAccounts } from './receiving.repository.ts';
export type { ReceivingAccountRow } from './receiving.repository.ts';
