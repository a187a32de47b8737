import { describe, expect, it } from 'vitest';
import { redactQueriesIn, redactQuery } from './log-redaction.ts';

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
