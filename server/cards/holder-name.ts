/**
 * The seed's rule: the account holder, the payer and the payee are one person. Names are
 * compared as a bank clerk would: spaces at the ends and doubled inside do not count, nor
 * does the case of Latin letters; every other difference does.
 */
export function sameHolder(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return false;
  const normal = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return normal(a) !== '' && normal(a) === normal(b);
}

export const holderMismatchMessage = 'The cardholder must be your verified real name';
export const notVerifiedCardMessage = 'Verify your identity before adding a bank card';
