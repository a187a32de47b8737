/**
 * One CSV field from text: quoted when it needs it, and defused when a spreadsheet would run it as a
 * formula (names and reasons are people's input, not ours to trust).
 */
export function csvText(value: string): string {
  const defused = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(defused) ? `"${defused.replaceAll('"', '""')}"` : defused;
}

/** Written first in a CSV people open in a spreadsheet: without it Excel reads UTF-8 Chinese as mojibake. */
export const byteOrderMark = '\uFEFF';
