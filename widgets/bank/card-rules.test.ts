import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../core/api.ts';
import {
  cardBody,
  cardProblems,
  cardValues,
  emptyCard,
  cardNumberProblem,
  filterCardNumber,
  filterQuota,
  groupInFours,
  maskCardNumber,
} from './card-rules.ts';
import { fieldErrors } from '../ui/server-messages.ts';

const filled = {
  ...emptyCard,
  cardholder: 'Wang Xiaoming',
  bank_name: 'Bank of Taiwan',
  card_number: '12345678901234',
  payment_name: 'Xinyi',
};

describe('bank card rules (as in the original app)', () => {
  it('keeps digits only, never cuts a number short, and says when a non-digit was typed', () => {
    expect(filterCardNumber('1234')).toEqual({ kept: '1234', rejected: false });
    expect(filterCardNumber('12a4')).toEqual({ kept: '124', rejected: true });
    expect(filterCardNumber('1234 5678-9012')).toEqual({ kept: '123456789012', rejected: true });
    expect(filterCardNumber('6222021234567890123')).toEqual({ kept: '6222021234567890123', rejected: false });
    expect(filterCardNumber('62220212345678901234')).toEqual({ kept: '62220212345678901234', rejected: false });
    expect(filterCardNumber('１２3')).toEqual({ kept: '3', rejected: true });
    expect(filterCardNumber('')).toEqual({ kept: '', rejected: false });
  });

  it('refuses a number of fewer than 6 or more than 19 digits', () => {
    expect(cardNumberProblem('6222021234567890123', true)).toBeUndefined();
    expect(cardNumberProblem('62220212345678901234', false)).toBe('bank_number_length');
    expect(cardNumberProblem('12345', false)).toBeUndefined();
    expect(cardNumberProblem('12345', true)).toBe('bank_number_length');
    expect(cardProblems({ ...filled, card_number: '12345' })).toEqual({ card_number: 'bank_number_length' });
    expect(cardProblems({ ...filled, card_number: '6222021234567890123' })).toEqual({});
  });

  it('filters a daily quota to an amount with at most 4 decimals', () => {
    expect(filterQuota('5000')).toBe('5000');
    expect(filterQuota('50a00.123456')).toBe('5000.1234');
    expect(filterQuota('1.2.3')).toBe('1.23');
  });

  it('masks all but the last four digits and groups in fours from the end', () => {
    expect(maskCardNumber('12345678901234')).toBe('**********1234');
    expect(maskCardNumber('**********1234')).toBe('**********1234');
    expect(maskCardNumber('123')).toBe('123');
    expect(groupInFours('**********1234')).toBe('** **** **** 1234');
    expect(groupInFours('1234567890123456')).toBe('1234 5678 9012 3456');
    expect(groupInFours('12345')).toBe('1 2345');
    expect(groupInFours('')).toBe('');
  });

  it("requires cardholder, bank, number and branch, with the original app's messages", () => {
    expect(cardProblems(emptyCard)).toEqual({
      cardholder: 'bank_must_cardholde',
      bank_name: 'bank_must_bank',
      card_number: 'bank_must_number',
      payment_name: 'bank_must_branch',
    });
    expect(cardProblems({ ...filled, bank_name: '   ' })).toEqual({ bank_name: 'bank_must_bank' });
    expect(cardProblems(filled)).toEqual({});
  });

  it('sends daily_quota, province and city only when filled in', () => {
    expect(cardBody(filled)).toEqual({
      cardholder: 'Wang Xiaoming',
      bank_name: 'Bank of Taiwan',
      card_number: '12345678901234',
      payment_name: 'Xinyi',
    });
    expect(cardBody({ ...filled, daily_quota: '5000', province: ' Taipei ', city: '' })).toEqual({
      cardholder: 'Wang Xiaoming',
      bank_name: 'Bank of Taiwan',
      card_number: '12345678901234',
      payment_name: 'Xinyi',
      daily_quota: '5000',
      province: 'Taipei',
    });
  });

  it('fills the edit form from a card, nulls as empty fields', () => {
    const card = {
      id: 3,
      ...filled,
      card_last4: filled.card_number.slice(-4),
      daily_quota: null,
      province: null,
      city: 'Taipei',
      created_at: '2026-11-20T00:30:00.000Z',
      withdrawable_from: null,
    };
    expect(cardValues(card)).toEqual({ ...filled, daily_quota: '', province: '', city: 'Taipei' });
    expect(cardValues({ ...card, daily_quota: 2500.5 }).daily_quota).toBe('2500.5');
  });

  it("words each field a 422 names by the refusal's code, never by the server's English sentence", () => {
    const refusal = (errorCode: 'validation' | 'daily_quota_invalid') =>
      new ApiFailure(422, 'Parameter validation error.', {
        status: 0,
        code: 0,
        message: 'Parameter validation error.',
        detail: null,
        error_code: errorCode,
        errors: { card_number: ['Digits only', 'Too long'], city: [] },
      });
    expect(fieldErrors(refusal('validation'))).toEqual({ card_number: 'refusal_validation', city: 'refusal_validation' });
    expect(fieldErrors(refusal('daily_quota_invalid'), ['daily_quota_invalid'])).toEqual({
      card_number: 'refusal_daily_quota_invalid',
      city: 'refusal_daily_quota_invalid',
    });
    // A code the screen does not list gets the general wording (an island carries only the messages it lists).
    expect(fieldErrors(refusal('daily_quota_invalid'))).toEqual({ card_number: 'refusal_validation', city: 'refusal_validation' });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});
