import type { Page } from 'playwright-core';

/**
 * Latin words a reader may meet on a Chinese screen, each for its reason. Data is read as such by
 * the page's own marks (a name's English translation in `lang="en"`, a bank's names in
 * `translate="no"`, codes in `<code>`); addresses, zone ids and anything with a digit are codes.
 * A test adds the data it made itself (usernames, references).
 */
export const allowedLatinWords: ReadonlySet<string> = new Set(
  [
    // Codes a reader reads or types: encodings, file formats, a network, a spreadsheet's byte-order mark, the zone
    // list's UTC, the date format and CSV header of a meter import.
    ...['CSV', 'UTF', 'BIG', 'GB', 'KB', 'BOM', 'ID', 'TRC', 'ERC', 'PNG', 'JPEG', 'UTC', 'YYYY-MM-DD'],
    ...['room', 'business', 'date', 'kwh', 'revenue', 'evidence'],
    // Proper names: the English language by its own name (every language picker's convention), a spreadsheet, the
    // brand's virtual coin and its exchange as the brand texts name them, the messaging services of the contact page.
    ...['English', 'Excel', 'VRB', 'Bitex', 'Telegram', 'WhatsApp', 'Facebook', 'Twitter'],
    // Units.
    ...['kWh', 'Wh', 'MW'],
  ].map((word) => word.toLowerCase()),
);

/**
 * The Latin words of the visible text under `root` that are neither allowed nor in `extra` (lower
 * case), once each.
 */
export async function latinWords(page: Page, root: string, extra: ReadonlySet<string> = new Set()): Promise<string[]> {
  // Text the page itself marks as not Chinese (a name's English translation, code) is left out, as a reader would.
  const text = await page.evaluate((selector) => {
    const parts: string[] = [];
    for (const scope of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent === null || parent.closest('code, kbd, samp, script, style, [translate="no"], [lang]:not([lang^="zh"])') !== null)
          continue;
        if (parent.closest('[hidden], [aria-hidden="true"]') !== null) continue;
        parts.push(node.textContent ?? '');
      }
    }
    return parts.join(' ');
  }, root);
  const plain = text
    .replace(/\b\w*\d\w*\b/g, ' ') // order numbers, references and other codes with digits
    .replace(/https?:\/\/\S+/g, ' ') // addresses
    .replace(/\b[A-Z][A-Za-z_]+\/[A-Za-z_/+-]+/g, ' ') // IANA zone ids, chosen from a list
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ') // e-mail addresses
    .replace(/\b[\w-]+(\.[\w-]+)+\b/g, ' '); // domain and file names
  const words = plain.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) ?? []; // a single capital letter labels a room (Park A)
  return [...new Set(words)].filter((word) => !allowedLatinWords.has(word.toLowerCase()) && !extra.has(word.toLowerCase()));
}

/** The Latin-letter parts of names a test made itself, lower case, for `latinWords`'s `extra`. */
export function madeWords(...names: string[]): Set<string> {
  const words = new Set<string>();
  for (const name of names) for (const part of name.split(/[^A-Za-z]+/)) if (part !== '') words.add(part.toLowerCase());
  return words;
}
