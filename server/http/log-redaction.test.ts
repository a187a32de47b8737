import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { redactQueriesIn, redactQuery, serverLogOptions } from './log-redaction.ts';

describe('query strings in the log', () => {
  it('keep the path and the parameter names, never a value', () => {
    expect(redactQuery('/api/admin/v1/members?q=%2B886%20912%20345%20678&page=2')).toBe(
      '/api/admin/v1/members?q=[redacted]&page=[redacted]',
    );
    expect(redactQuery('/api/v1/check?flag&x=')).toBe('/api/v1/check?flag=[redacted]&x=[redacted]');
    expect(redactQuery('/api/v1/check')).toBe('/api/v1/check');
  });

  it('are redacted wherever a message quotes a URL', () => {
    expect(redactQueriesIn("'/api/admin/v1/members/%E0?q=Chen+Yu' is not a valid url component")).toBe(
      "'/api/admin/v1/members/%E0?q=[redacted]' is not a valid url component",
    );
    expect(redactQueriesIn('Route GET:/api/v1/nowhere?phone=0912 not found')).toBe('Route GET:/api/v1/nowhere?phone=[redacted] not found');
    expect(redactQueriesIn('a question? yes')).toBe('a question? yes');
  });
});

describe('credentials in the log', () => {
  function logged(write: (log: pino.Logger) => void): Record<string, unknown> {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    write(pino(serverLogOptions('trace') as pino.LoggerOptions, stream));
    return JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
  }

  it('are replaced in any headers one level down, every other header kept', () => {
    const line = logged((log) =>
      log.trace(
        {
          busboyOptions: {
            limits: 1,
            headers: { authorization: 'Bearer s3cret', cookie: 'session=s3cret', 'content-type': 'multipart/form-data' },
          },
        },
        'Providing options to busboy',
      ),
    );
    expect(line.busboyOptions).toEqual({
      limits: 1,
      headers: { authorization: '[Redacted]', cookie: '[Redacted]', 'content-type': 'multipart/form-data' },
    });
    expect(JSON.stringify(line)).not.toContain('s3cret');
  });

  it('leave a line without them as it was, and the object logged unchanged', () => {
    const headers = { authorization: 'Bearer s3cret' };
    const line = logged((log) => {
      log.info({ responseTime: 1.5, res: { statusCode: 200 } }, 'request completed');
      log.info({ other: { headers } }, 'second');
    });
    expect(line).toMatchObject({ responseTime: 1.5, res: { statusCode: 200 }, msg: 'request completed' });
    expect(headers.authorization).toBe('Bearer s3cret');
  });
});
