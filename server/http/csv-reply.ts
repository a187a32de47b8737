import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { byteOrderMark } from '../shared/csv.ts';

/**
 * Sends a CSV download streamed a row at a time, however long: the byte-order mark first (Excel reads
 * UTF-8 Chinese only with it), the header, then one line per row; never cached. The audit log, the
 * books and the orders index download this way.
 */
export function sendCsv<Row>(
  reply: FastifyReply,
  fileName: string,
  header: string,
  rows: AsyncIterable<Row>,
  line: (row: Row) => string,
): FastifyReply {
  async function* lines() {
    yield `${byteOrderMark}${header}\r\n`;
    for await (const row of rows) yield `${line(row)}\r\n`;
  }
  return (
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      // The route's schema types the body as the text it is; a stream sends that text a batch at a time.
      .send(Readable.from(lines()) as unknown as string)
  );
}
