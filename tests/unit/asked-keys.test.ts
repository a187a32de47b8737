import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keysAskedBy } from '../../locales/asked-keys.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures/asked-keys');
const asked = (file: string) => keysAskedBy(path.join(fixtures, file), [], path.join(fixtures, 'locales'));

describe('the message keys worked out from a screen (decision 067)', () => {
  it('finds a word asked for by name and one picked through a variable in a module it imports', () => {
    expect(asked('screen.tsx')).toEqual(['fixture_done', 'fixture_pending', 'fixture_row_edit', 'fixture_row_enable', 'fixture_title']);
  });

  it('finds every key a quoted prefix completed at run time can make', () => {
    expect(asked('screen.tsx')).toEqual(expect.arrayContaining(['fixture_row_edit', 'fixture_row_enable']));
  });

  it('leaves out the code a case or a comparison names and what a type-only import brings', () => {
    expect(asked('screen.tsx')).not.toContain('fixture_property');
    expect(asked('screen.tsx')).not.toContain('fixture_compared');
    expect(asked('screen.tsx')).not.toContain('fixture_unused');
  });

  it('stops the build, naming file and key, on a word one locale lacks', () => {
    expect(() => asked('missing.tsx')).toThrow(/missing\.tsx asks for t\('fixture_missing_in_eng'\), which locales\/eng\.json lack/);
  });
});
