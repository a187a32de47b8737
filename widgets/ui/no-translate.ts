/**
 * Marks a name as the bank or the operator writes it, not a word to translate: `translate="no"`, which a browser's
 * page translation and the words tests honour. Preact sets `translate` as the element's property, a boolean, on
 * which the string "no" would read as true (Preact's compat layer used to map it); React's types allow only the
 * string, hence the one cast.
 */
export const noTranslate = { translate: false } as unknown as { translate: 'no' };
