/**
 * Splits CSV text into records (RFC 4180): quoted fields may hold commas, quotes and line breaks;
 * CRLF, LF and CR all end a record. Each record knows the line of the file it starts on (the
 * first line is 1), as an operator counts in a spreadsheet. Fields stay text: figures are parsed
 * exactly by whoever reads them, never as floating point.
 */

/** Splits the text into records of fields (`delimiter` between them); undefined when a quote is never closed. */
export function csvRecords(text: string, delimiter = ','): { line: number; fields: string[] }[] | undefined {
  const out: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      fields.push(field);
      out.push({ line: start, fields });
      fields = [];
      field = '';
      line += 1;
      start = line;
    } else field += char;
  }
  if (quoted) return undefined;
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    out.push({ line: start, fields });
  }
  // Blank lines (a trailing newline, a spreadsheet's empty rows) are not rows.
  return out.filter((record) => record.fields.some((value) => value.trim() !== ''));
}

/**
 * The delimiter of a file whose first line is its header: the one of comma, semicolon and tab that it holds most often
 * outside quotes (a bank in a country that writes decimal commas exports with semicolons; some export tabs). A comma
 * when it holds none.
 */
export function headerDelimiter(text: string): string {
  const header = (/^[^\r\n]*/.exec(text)?.[0] ?? '').replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((delimiter) => [delimiter, header.split(delimiter).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}
