import { describe, expect, it } from 'vitest';
import eng from '../../../../locales/eng.json';
import zhs from '../../../../locales/zhs.json';
import zht from '../../../../locales/zht.json';
import { allSections } from '../../../../server/site/site-content.ts';
import { keysAskedBy } from '../../../../locales/asked-keys.ts';
import { siteSectionNames } from './content-keys.ts';

describe('the brand site tab’s section names', () => {
  it('names every section the server offers, in every language, and the island is given those names', () => {
    const offered = [...new Set(allSections().map((row) => row.section))];
    const handed = keysAskedBy('widgets/admin/AdminApp.island.tsx');
    expect([...siteSectionNames].sort()).toEqual(offered.sort());
    for (const section of offered) {
      const key = `admin_site_section_${section}`;
      expect(handed).toContain(key);
      for (const catalogue of [eng, zhs, zht] as Record<string, string>[]) expect(catalogue[key], key).toMatch(/\S/);
    }
  });
});
