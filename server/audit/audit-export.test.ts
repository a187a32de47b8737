import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { recordAudits, type AuditEntry } from './audit.repository.ts';

/** The last field of a CSV line, a quoted JSON value, read back. */
function lastField(line: string): unknown {
  const quoted = /,"((?:[^"]|"")*)"$/.exec(line)?.[1] ?? '';
  return JSON.parse(quoted.replaceAll('""', '"'));
}

/** More entries than the export reads in one batch, so the download crosses batches. */
const roomEntries = 2_345;

describe.each(databaseKinds())('the audit log as CSV on %s', (kind) => {
  let testApp: TestApp;
  let member: Member;
  let token: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await registerMember(testApp.app);
    token = await operatorToken(testApp.app, testApp.database.db, 'exporter');
    const entries: AuditEntry[] = Array.from({ length: roomEntries }, (_, index) => ({
      operatorId: null,
      action: 'revenue.record',
      subjectType: 'engine_room',
      subjectId: String((index % 3) + 1),
      after: { business_date: '2026-11-20', revenue: String(index * 10_000) },
    }));
    await recordAudits(testApp.database.db, entries);
    await recordAudits(testApp.database.db, [
      { operatorId: null, action: 'member.suspend', subjectType: 'user', subjectId: member.id, after: { reason: '=HYPERLINK("x")' } },
    ]);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const download = (query: string, as = token) => send(testApp.app, 'GET', `admin/v1/audit.csv${query}`, { token: as });
  const rowsOf = (body: string) => body.split('\r\n').filter((line) => line !== '');

  it('downloads every entry the filter names, newest first, across batches, with a header and the JSON values', async () => {
    const response = await download('?action=revenue.record');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = rowsOf(response.body);
    // A byte-order mark first: Excel reads the file as UTF-8 only with it.
    expect(header).toBe('\uFEFFid,created_at,operator,action,subject_type,subject_id,before,after');
    expect(rows).toHaveLength(roomEntries);
    const ids = rows.map((row) => Number(row.split(',')[0]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(roomEntries);
    expect(rows.at(-1)).toMatch(/^\d+,[^,]+,,revenue\.record,engine_room,1,,"\{.*\}"$/);
    // Money as the back office shows it, in points with 4 decimals (the log keeps ten-thousandths).
    expect(lastField(rows.at(-1) ?? '')).toEqual({ business_date: '2026-11-20', revenue: '0.0000' });
    expect(lastField(rows[0] ?? '')).toEqual({ business_date: '2026-11-20', revenue: `${roomEntries - 1}.0000` });

    const oneRoom = rowsOf((await download('?subject_type=engine_room&subject_id=2')).body).slice(1);
    expect(oneRoom).toHaveLength(Math.floor(roomEntries / 3) + (roomEntries % 3 >= 2 ? 1 : 0));
  });

  it('names a member by username; before and after are JSON in one quoted field, whatever they hold', async () => {
    const rows = rowsOf((await download(`?subject_type=user&subject_id=${encodeURIComponent(member.username)}`)).body);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(`,member.suspend,user,${member.id},,`);
    expect(lastField(rows[1] ?? '')).toEqual({ reason: '=HYPERLINK("x")' });
  });

  it('finds entries by any words: a value, the subject by its name, the operator; wildcards taken literally', async () => {
    const list = async (query: string) =>
      (await send(testApp.app, 'GET', `admin/v1/audit${query}`, { token })).json() as {
        detail: { total: number; data: { action: string; subject_id: string; subject_label: string | null }[] };
      };
    const byReason = await list('?q=hyperlink');
    expect(byReason.detail.data.map((row) => row.action)).toEqual(['member.suspend']);
    // The member is named by username, not by the internal id; a room has no such name.
    expect(byReason.detail.data[0]).toMatchObject({ subject_id: String(member.id), subject_label: member.username });
    expect((await list('?action=revenue.record')).detail.data[0]?.subject_label).toBeNull();
    expect((await list(`?q=${encodeURIComponent(member.username.toUpperCase())}`)).detail.data.map((row) => row.action)).toEqual([
      'member.suspend',
    ]);
    // With the other filters: only the entries both name.
    expect((await list('?q=2026-11-20&action=member.suspend')).detail.total).toBe(0);
    expect((await list('?q=%25')).detail.total).toBe(0);
    const csv = rowsOf((await download('?q=hyperlink')).body);
    expect(csv).toHaveLength(2);
  });

  it('is for administrators only, refuses members and strangers, and refuses a filter it cannot read', async () => {
    const reviewer = await operatorToken(testApp.app, testApp.database.db, 'csv_reviewer', 'reviewer');
    expect(expectFailure(await download('', reviewer), 403).error_code).toBe('administrators_only');
    expectFailure(await download('', member.token), 403);
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/audit.csv'), 401);
    expect(Object.keys(expectFailure(await download('?subject_id=7'), 422).errors ?? {})).toContain('subject_id');
  });
});
