import type { BankCard } from '../../contract/api/cards.ts';
import { cardNumberDigits } from '../../contract/limits.ts';

/** Free-text card fields: long enough for any bank or branch name, short enough to fit a row. */
export const cardTextMaxLength = 60;

export interface CardValues {
  cardholder: string;
  bank_name: string;
  card_number: string;
  payment_name: string;
  daily_quota: string;
  province: string;
  city: string;
}

export type CardField = keyof CardValues;

export const emptyCard: CardValues = {
  cardholder: '',
  bank_name: '',
  card_number: '',
  payment_name: '',
  daily_quota: '',
  province: '',
  city: '',
};

/**
 * The original app's card-number filter: digits only. `rejected` is true when a non-digit was typed (the
 * screen then shows "bank_enter"); the non-digits are removed. Digits are never cut off: a number
 * of the wrong length is refused by cardNumberProblem instead.
 */
export function filterCardNumber(typed: string): { kept: string; rejected: boolean } {
  const digits = typed.replace(/\D/g, '');
  return { kept: digits, rejected: digits.length !== typed.length };
}

/** "bank_number_length" when a typed number is too long, or (once complete) too short; else undefined. */
export function cardNumberProblem(digits: string, complete: boolean): string | undefined {
  if (digits.length > cardNumberDigits.max) return 'bank_number_length';
  if (complete && digits.length > 0 && digits.length < cardNumberDigits.min) return 'bank_number_length';
  return undefined;
}

/** A daily quota: digits and one decimal point, at most 4 decimals (points, as every amount). */
export function filterQuota(typed: string): string {
  const [whole = '', ...rest] = typed.replace(/[^\d.]/g, '').split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 4)}`;
}

/** Every character but the last four digits becomes "*": a list never shows a whole number. */
export function maskCardNumber(number: string): string {
  const keep = 4;
  return number.length <= keep ? number : '*'.repeat(number.length - keep) + number.slice(-keep);
}

/**
 * The original app shows numbers grouped in fours. Groups are counted from the end, so that the last
 * four digits (the ones a member recognises) always stay together, whatever the length.
 */
export function groupInFours(number: string): string {
  const compact = number.replace(/\s/g, '');
  const head = compact.length % 4;
  const groups = head === 0 ? [] : [compact.slice(0, head)];
  for (let at = head; at < compact.length; at += 4) groups.push(compact.slice(at, at + 4));
  return groups.join(' ');
}

/** The original app's required fields, in its order, with its message keys (spelled as it spells them; docs/original-app.md). */
const required: [CardField, string][] = [
  ['cardholder', 'bank_must_cardholde'],
  ['bank_name', 'bank_must_bank'],
  ['card_number', 'bank_must_number'],
  ['payment_name', 'bank_must_branch'],
];

/** The problems of a card form (message keys by field), in the original app's order; empty when it may go. */
export function cardProblems(values: CardValues): Partial<Record<CardField, string>> {
  const problems: Partial<Record<CardField, string>> = {};
  for (const [field, key] of required) if (values[field].trim() === '') problems[field] = key;
  const numberProblem = cardNumberProblem(values.card_number, true);
  if (problems.card_number === undefined && numberProblem !== undefined) problems.card_number = numberProblem;
  return problems;
}

/** The body of POST/PUT v1/bankcard: the optional fields go only when filled in (as the original app sends them). */
export function cardBody(values: CardValues): Record<string, string> {
  const body: Record<string, string> = {};
  for (const [field, value] of Object.entries(values) as [CardField, string][]) {
    const text = value.trim();
    if (text !== '' || required.some(([name]) => name === field)) body[field] = text;
  }
  return body;
}

/** The form's values from a card the server sent (update mode). */
export function cardValues(card: BankCard): CardValues {
  return {
    cardholder: card.cardholder,
    bank_name: card.bank_name,
    card_number: filterCardNumber(card.card_number).kept,
    payment_name: card.payment_name,
    daily_quota: card.daily_quota === null ? '' : String(card.daily_quota),
    province: card.province ?? '',
    city: card.city ?? '',
  };
}
