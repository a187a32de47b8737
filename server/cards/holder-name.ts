/**
 * The original app's rule (docs/original-app.md): the account holder, the payer and the payee are one person. Names are
 * compared as a bank clerk would: spaces at the ends and doubled inside do not count, nor
 * does the case of Latin letters; every other difference does.
 */
export function sameHolder(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return false;
  return normalName(a) !== '' && normalName(a) === normalName(b);
}

const normalName = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** What banks print in place of a hidden character of a payer's name: 王*明, 王○明, 王Ｏ明 (NFKC makes Ｏ an O). */
const maskMarks = new Set(['*', '○', '〇', '◯', '●', '◎']);
const chinese = /\p{Script=Han}/u;

/**
 * Whether a payer's name as a bank statement prints it is the member's verified real name. Many banks hide part of a
 * payer's name (王*明): a masked name fits when it has as many characters as the real name, every character it shows
 * is the real name's at that place, and it shows at least two and at least half of them (林** shows too little to
 * tell 林美玲 from any 林). A Latin O stands for a hidden character only between Chinese characters (王O明).
 * Only a statement line is read this way, where the amount and the last five digits must agree as well, one line to
 * one notice (decision 059); an operator's typed payer name is compared whole (`sameHolder`).
 */
export function payerNameFits(printed: string, realname: string | null): boolean {
  if (realname === null) return false;
  if (sameHolder(printed, realname)) return true;
  const shown = [...normalName(printed)];
  const real = [...normalName(realname)];
  if (shown.length !== real.length) return false;
  const hidden = (char: string, index: number) =>
    maskMarks.has(char) || (char === 'o' && chinese.test(shown[index - 1] ?? '') && chinese.test(shown[index + 1] ?? ''));
  let visible = 0;
  for (const [index, char] of shown.entries()) {
    if (hidden(char, index)) continue;
    if (char !== real[index]) return false;
    visible += 1;
  }
  return visible < shown.length && visible >= 2 && visible * 2 >= shown.length;
}

export const holderMismatchMessage = 'The cardholder must be your verified real name';
export const notVerifiedCardMessage = 'Verify your identity before adding a bank card';
