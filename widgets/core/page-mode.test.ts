import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { onPartnerPage, partnerPageFlagName } from './page-mode.ts';

describe('the partner-page flag', () => {
  it('is set by the widget loader under the same registered symbol the stores read', () => {
    const loader = fs.readFileSync('widgets/embed/embed.ts', 'utf8');
    expect(loader).toContain(`Symbol.for('${partnerPageFlagName}')`);
  });

  it('is off on our own pages, so the session and the language are kept in local storage there', () => {
    expect(onPartnerPage()).toBe(false);
  });
});
