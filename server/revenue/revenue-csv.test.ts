import { describe, expect, it } from 'vitest';
import { parseRevenueCsv } from './revenue-csv.ts';

describe('the meter-data CSV', () => {
  it('reads quoted fields with commas, quotes and line breaks, a byte-order mark, CRLF and header aliases', () => {
    const text =
      '\uFEFFRoom ID,Date,kWh,Revenue Points,Reference\r\n1,2026-11-20,10.5,"1,000",\r\n"2",2026-11-21,1,2,"meter ""B"", photo\nsecond line"\r\n\r\n';
    const parsed = parseRevenueCsv(text);
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 2, ragged: false, fields: { room: '1', business_date: '2026-11-20', kwh: '10.5', revenue: '1,000', evidence: '' } },
        {
          line: 3,
          ragged: false,
          fields: { room: '2', business_date: '2026-11-21', kwh: '1', revenue: '2', evidence: 'meter "B", photo\nsecond line' },
        },
      ],
    });
  });

  it('lets a row stop before the optional evidence, not before a required column or beyond the header', () => {
    const parsed = parseRevenueCsv('room,business_date,kwh,revenue,evidence\n1,2026-11-20,1,2\n1,2026-11-21,1\n1,2026-11-22,1,2,x,y\n');
    expect(parsed.ok && parsed.rows.map((row) => row.ragged)).toEqual([false, true, true]);
  });

  it('refuses a file without the required columns, without rows, or with a quote never closed', () => {
    expect(parseRevenueCsv('room,kwh,revenue\n1,2,3\n')).toEqual({ ok: false, problem: 'header' });
    expect(parseRevenueCsv('room,business_date,kwh,revenue\n\n')).toEqual({ ok: false, problem: 'empty' });
    expect(parseRevenueCsv('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseRevenueCsv('room,business_date,kwh,revenue\n1,"2026-11-20,1,2\n')).toEqual({ ok: false, problem: 'quote' });
  });
});
