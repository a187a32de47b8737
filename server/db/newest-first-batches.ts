/** Rows read per query when exporting a whole list, so no single query holds a long history at once. */
const exportBatch = 1000;

/**
 * Every row of a list read newest first, a batch at a time, each batch after the last one's id
 * (keyset, not offset: a later batch costs what the first did). `read` asks for up to `limit` rows
 * with ids below `before`, newest first; the statement's and the audit log's exports read this way.
 */
export async function* newestFirstInBatches<Row extends { id: string }>(
  read: (before: string | undefined, limit: number) => Promise<Row[]>,
): AsyncGenerator<Row> {
  let before: string | undefined;
  for (;;) {
    const rows = await read(before, exportBatch);
    yield* rows;
    if (rows.length < exportBatch) return;
    before = rows.at(-1)?.id;
  }
}

/**
 * Every row of a list read oldest first, a batch at a time, each batch after the last one's id (the
 * books' exports: an accountant reads a period from its first entry to its last).
 */
export async function* oldestFirstInBatches<Row extends { id: string }>(
  read: (after: string | undefined, limit: number) => Promise<Row[]>,
): AsyncGenerator<Row> {
  let after: string | undefined;
  for (;;) {
    const rows = await read(after, exportBatch);
    yield* rows;
    if (rows.length < exportBatch) return;
    after = rows.at(-1)?.id;
  }
}
