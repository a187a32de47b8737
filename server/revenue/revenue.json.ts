import { Type } from 'typebox';
import { pointsToDecimal } from '../shared/money.ts';

/** Money on the wire as text with 4 decimals ("123.4500"): exact, never a floating-point number. */
export const pointsText = (description: string) => Type.String({ pattern: '^-?\\d+\\.\\d{4}$', description });

/** Energy as text with 3 decimals of kWh (whole watt-hours). */
export const kwhText = (description: string) => Type.String({ pattern: '^-?\\d+\\.\\d{3}$', description });

export const points = (value: bigint | string): string => pointsToDecimal(BigInt(value));

export function kwh(wh: bigint | string): string {
  const value = BigInt(wh);
  const magnitude = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${magnitude / 1000n}.${(magnitude % 1000n).toString().padStart(3, '0')}`;
}

/** A YYYY-MM-DD date in a query or path; the calendar check (2026-02-30) is the service's. */
export const dateText = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

/** One of a list of words, typed as the list's union (TypeBox's Union of a mapped array types as never). */
export const oneOf = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });
