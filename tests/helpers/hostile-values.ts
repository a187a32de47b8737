/** Amounts that only look like 100: spaces, leading zeros, a sign, an exponent, more than four decimals. */
export const looseAmounts = [' 0100 ', '0100', ' 100 ', '100 ', ' 100', '00100', '+100', '1e2', '0x64', '100.00001', '100.', '1_000'];

/** Arrays nested `depth` deep: 10,000 make about 20 KB, under the body limit. */
export const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
