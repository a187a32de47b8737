import { describe, expect, it } from 'vitest';
import { headerDelimiter } from '../shared/csv-records.ts';
import { guessMapping, readAmount, readDate, readStatement, statementHeader } from './statement-csv.ts';

describe('reading a bank statement', () => {
  it('reads dates in the order the operator chose, and refuses days that do not exist', () => {
    expect(readDate('2026-11-27', 'ymd')).toBe('2026-11-27');
    expect(readDate('2026/11/27 10:22:33', 'ymd')).toBe('2026-11-27');
    expect(readDate('20261127', 'ymd')).toBe('2026-11-27');
    expect(readDate('27/11/2026', 'dmy')).toBe('2026-11-27');
    expect(readDate('11/27/2026', 'mdy')).toBe('2026-11-27');
    expect(readDate('115/11/27', 'roc')).toBe('2026-11-27');
    expect(readDate('2026-02-30', 'ymd')).toBeNull();
    expect(readDate('27/11/2026', 'ymd')).toBeNull();
    expect(readDate('26-11-27', 'ymd')).toBeNull();
    expect(readDate('', 'ymd')).toBeNull();
  });

  it('reads amounts exactly, with separators and currency marks; empty is no amount', () => {
    expect(readAmount('1,000.50')).toBe(10_005_000n);
    expect(readAmount('NT$ 20,011')).toBe(200_110_000n);
    expect(readAmount('+3000')).toBe(30_000_000n);
    expect(readAmount('-1500.25')).toBe(-15_002_500n);
    expect(readAmount('')).toBeNull();
    expect(readAmount('1.23456')).toBe('invalid');
    expect(readAmount('1e5')).toBe('invalid');
  });

  it('reads a decimal comma as banks in much of Europe write it, and refuses marks that can be read two ways', () => {
    expect(readAmount('1.000,50')).toBe(10_005_000n);
    expect(readAmount('1 000,5')).toBe(10_005_000n);
    expect(readAmount('1000,5')).toBe(10_005_000n);
    expect(readAmount('-2.500,25')).toBe(-25_002_500n);
    expect(readAmount('1.000.000')).toBe(10_000_000_000n);
    expect(readAmount('1,000,000.25')).toBe(10_000_002_500n);
    expect(readAmount('1,000')).toBe(10_000_000n);
    expect(readAmount('1.5000')).toBe(15_000n);
    // Read two ways, or neither: refused, never guessed into another amount.
    expect(readAmount('1,0000')).toBe('invalid');
    expect(readAmount('1,00.5')).toBe('invalid');
    expect(readAmount('1.000,000.5')).toBe('invalid');
    expect(readAmount('1,000,5')).toBe('invalid');
    expect(readAmount('1.000')).toBe('invalid');
    expect(readAmount('1,234.500')).toBe(12_345_000n);
  });

  it('guesses the columns from English and Chinese headers', () => {
    expect(guessMapping(['Date', 'Amount', 'Payer Name', 'Reference']).columns).toEqual({
      booked_on: 'Date',
      amount: 'Amount',
      payer_name: 'Payer Name',
      reference: 'Reference',
    });
    expect(guessMapping(['记账日期', '收入金额', '对方户名', '附言', '对方账号']).columns).toEqual({
      booked_on: '记账日期',
      amount: '收入金额',
      payer_name: '对方户名',
      reference: '附言',
      payer_account: '对方账号',
    });
  });

  it('tells identical lines apart by their place among their twins, and takes the digits from the reference without an account column', () => {
    const mapping = guessMapping(['Date', 'Amount', 'Name', 'Ref']);
    const read = readStatement(
      'Date,Amount,Name,Ref\n2026-11-27,100,A,from 6222-0000-12345\n2026-11-27,100,A,from 6222-0000-12345\n',
      mapping,
      10,
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const [first, second] = read.lines;
    expect(first?.lastFive).toBe('12345');
    expect(first?.fingerprint).not.toBe(second?.fingerprint);
    const again = readStatement('Date,Amount,Name,Ref\r\n2026-11-27,100,A,from 6222-0000-12345\r\n', mapping, 10);
    expect(again.ok && again.lines[0]?.fingerprint).toBe(first?.fingerprint);
    expect(readStatement('Date,Amount,Name,Ref\n1,2,3,4\n1,2,3,4\n', mapping, 1)).toMatchObject({ ok: false, problem: 'too_many_lines' });
  });

  it('splits a file by the delimiter its header uses: comma, semicolon or tab, quotes respected', () => {
    expect(headerDelimiter('a,b,c\n1;2,3')).toBe(',');
    expect(headerDelimiter('日期;金額;"戶名,全名";備註\n')).toBe(';');
    expect(headerDelimiter('Date\tAmount\tName\n')).toBe('\t');
    expect(headerDelimiter('Date\n')).toBe(',');
    expect(statementHeader('\ufeffDate\tAmount\tName\tRef\n2026-11-27\t100\tA\tx\n')).toEqual(['Date', 'Amount', 'Name', 'Ref']);
  });
});
