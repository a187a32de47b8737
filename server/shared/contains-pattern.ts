/** A LIKE pattern that finds `text` anywhere: the wildcards an operator types are taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
