/** Percentages are kept in hundredths of a percent: 10000 is the whole. */
export const basisPoints = 10_000;
