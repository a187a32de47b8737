import { describe, expect, it } from 'vitest';
import { parsePoints, pointsMax, pointsToDecimal, pointsToNumber } from './money.ts';

describe('parsePoints', () => {
  it('reads a decimal string into integer ten-thousandths', () => {
    expect(parsePoints('123.45')).toBe(1_234_500n);
    expect(parsePoints('0')).toBe(0n);
    expect(parsePoints('100')).toBe(1_000_000n);
    expect(parsePoints('0.0001')).toBe(1n);
    expect(parsePoints('15000000')).toBe(150_000_000_000n);
  });

  it('reads a JSON number from its shortest decimal text, not by float arithmetic', () => {
    expect(parsePoints(0.1)).toBe(1_000n);
    expect(parsePoints(123.45)).toBe(1_234_500n);
    expect(parsePoints(100.1)).toBe(1_001_000n);
    expect(parsePoints(0)).toBe(0n);
    expect(parsePoints(-0)).toBe(0n);
  });

  it('reads only the one request grammar: no spaces, no leading zeros, no sign', () => {
    for (const loose of [' 12.5 ', '\t7\n', ' 100', '100 ', '0100', '00.5', '+100', '1e2', '100.', '.5']) {
      expect(parsePoints(loose), JSON.stringify(loose)).toBeUndefined();
    }
    expect(parsePoints('0.5')).toBe(5_000n);
    expect(parsePoints('100')).toBe(1_000_000n);
  });

  it('rejects more than 4 decimals, as a string or as a number', () => {
    expect(parsePoints('1.23456')).toBeUndefined();
    expect(parsePoints('0.00001')).toBeUndefined();
    expect(parsePoints(1.23456)).toBeUndefined();
    // 0.1 + 0.2 is 0.30000000000000004: a float artefact is never silently rounded.
    expect(parsePoints(0.1 + 0.2)).toBeUndefined();
  });

  it('rejects negative amounts', () => {
    expect(parsePoints('-1')).toBeUndefined();
    expect(parsePoints('-0.0001')).toBeUndefined();
    expect(parsePoints(-5)).toBeUndefined();
  });

  it('rejects exponent forms', () => {
    expect(parsePoints('1e3')).toBeUndefined();
    expect(parsePoints('1E3')).toBeUndefined();
    expect(parsePoints(1e21)).toBeUndefined();
    expect(parsePoints(1e-7)).toBeUndefined();
  });

  it('rejects anything that is not a plain decimal amount', () => {
    for (const input of ['', ' ', 'abc', '1,000', '+1', '1.', '.5', '1.2.3', '0x10', '١٢٣', 'Infinity']) {
      expect(parsePoints(input), JSON.stringify(input)).toBeUndefined();
    }
    for (const input of [Number.NaN, Number.POSITIVE_INFINITY, null, undefined, true, {}, [1], 10n]) {
      expect(parsePoints(input), String(input)).toBeUndefined();
    }
  });

  it('accepts pointsMax and rejects anything above it', () => {
    expect(parsePoints('100000000000')).toBe(pointsMax);
    expect(parsePoints('100000000000.0000')).toBe(pointsMax);
    expect(parsePoints('100000000000.0001')).toBeUndefined();
    expect(parsePoints('999999999999999')).toBeUndefined();
    expect(parsePoints('1000000000000000')).toBeUndefined();
  });
});

describe('pointsToDecimal and pointsToNumber', () => {
  it('format exactly 4 decimals as text and the rounded number for JSON', () => {
    expect(pointsToDecimal(1_234_500n)).toBe('123.4500');
    expect(pointsToNumber(1_234_500n)).toBe(123.45);
    expect(pointsToNumber('1234500')).toBe(123.45);
    expect(pointsToDecimal(-1n)).toBe('-0.0001');
  });

  it.each([
    ['0', 0n, '0.0000', 0],
    ['0.0001', 1n, '0.0001', 0.0001],
    ['15000000', 150_000_000_000n, '15000000.0000', 15_000_000],
    ['100000000000', pointsMax, '100000000000.0000', 100_000_000_000],
  ])('round-trips %s', (text, points, decimal, number) => {
    expect(parsePoints(text)).toBe(points);
    expect(pointsToDecimal(points)).toBe(decimal);
    expect(parsePoints(pointsToDecimal(points))).toBe(points);
    expect(pointsToNumber(points)).toBe(number);
    expect(parsePoints(pointsToNumber(points))).toBe(points);
    // Through JSON, as a client would receive and send it back.
    expect(parsePoints(JSON.parse(JSON.stringify({ amount: pointsToNumber(points) })).amount)).toBe(points);
  });

  // pointsMax stays below 2^39 points, where a double's spacing is still finer than 0.0001.
  it('carries every 4-decimal amount up to pointsMax through a JSON number unchanged', () => {
    for (let k = 0n; k < 2_000n; k += 1n) {
      expect(parsePoints(pointsToNumber(pointsMax - k))).toBe(pointsMax - k);
    }
  });
});
