import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openUnmigratedDatabase } from '../../../tests/helpers/test-app.ts';
import { migrateToLatest } from '../database.ts';
import { down, up } from './0039_brand_texts_state_the_trust_rule.ts';
import { corrections as nameCorrections, down as downNames, up as upNames } from './0046_brand_texts_name_points_and_names.ts';

const oldTerms = '机房在每个营业日记录其发出并售出的电量及收取的营收。我们将该营收扣除公开的运营费用后，按金额比例分配给已付清的份额。';

// One migrated scratch database per kind for both: each test writes drafts of its own sections.
describe.each(databaseKinds())('the brand-text migrations on %s', (kind) => {
  let scratch: Awaited<ReturnType<typeof openUnmigratedDatabase>>;
  beforeAll(async () => {
    scratch = await openUnmigratedDatabase(kind);
    await migrateToLatest(scratch.database.db);
  });
  afterAll(async () => {
    await scratch.close();
  });

  it('0039 corrects a seeded sentence where a draft still holds it (the /trust rule), and leaves an operator’s own words', async () => {
    const db = scratch.database.db as unknown as Kysely<unknown>;
    const draft = (paragraph: string, heading: string) =>
      JSON.stringify({ title: '条款合约', sections: [{ heading, paragraphs: [paragraph, '收益不作保证。'] }] });
    await sql`insert into site_content (section, locale, draft) values
      ('terms', 'zhs', ${draft(oldTerms, '三、收益')}::jsonb),
      ('vrb', 'zhs', ${JSON.stringify({ sections: [{ heading: '流水规则', paragraphs: ['在娱乐中消费的回报计入流水。如需提取本金，流水须至少达到金额的一倍。'] }] })}::jsonb),
      ('terms', 'zht', ${draft('營運人員自己寫的句子。', '三、收益')}::jsonb)`.execute(db);
    await up(db);
    const read = async (section: string, locale: string) =>
      (await sql<{ draft: unknown }>`select draft from site_content where section = ${section} and locale = ${locale}`.execute(db)).rows[0]
        ?.draft as { sections: { heading: string; paragraphs: string[] }[] };
    const terms = await read('terms', 'zhs');
    expect(terms.sections[0]?.paragraphs[0]).toContain('按每笔已付清订单占机房装机容量的份额分配');
    expect(terms.sections[0]?.paragraphs[1]).toBe('收益不作保证。');
    const vrb = await read('vrb', 'zhs');
    expect(vrb.sections[0]?.heading).toBe('没有流水规则');
    expect(vrb.sections[0]?.paragraphs[0]).toContain('本站不设任何流水要求');
    expect((await read('terms', 'zht')).sections[0]?.paragraphs[0]).toBe('營運人員自己寫的句子。');
    await down(db);
    expect((await read('terms', 'zhs')).sections[0]?.paragraphs[0]).toBe(oldTerms);
    expect((await read('vrb', 'zhs')).sections[0]?.heading).toBe('流水规则');
  });

  it('0046 corrects the seeded steps (积分, no real name as username) where a draft still holds them, leaves an operator’s own, and the seed files hold the corrected words', async () => {
    const db = scratch.database.db as unknown as Kysely<unknown>;
    const seededStep = '使用推荐码注册并登录。账户名称必须是您的真实姓名。';
    const steps = (first: string) => JSON.stringify({ heading: '使用说明', directions: [first, '在“设置”中上传证件照片，完成身份验证。'] });
    await sql`insert into site_content (section, locale, draft) values
      ('instruction', 'zhs', ${steps(seededStep)}::jsonb),
      ('instruction', 'zht', ${steps('營運人員自己寫的步驟。')}::jsonb)`.execute(db);
    await upNames(db);
    const read = async (locale: string) =>
      (
        (await sql<{ draft: unknown }>`select draft from site_content where section = 'instruction' and locale = ${locale}`.execute(db))
          .rows[0]?.draft as { directions: string[] }
      ).directions;
    expect((await read('zhs'))[0]).toContain('用户名可以自己选');
    expect((await read('zhs'))[1]).toBe('在“设置”中上传证件照片，完成身份验证。');
    expect((await read('zht'))[0]).toBe('營運人員自己寫的步驟。');
    await downNames(db);
    expect((await read('zhs'))[0]).toBe(seededStep);

    for (const [, locale, before, after] of nameCorrections) {
      const seed = fs.readFileSync(`site/content/brand/${locale}.yaml`, 'utf8');
      expect(seed, locale).toContain(after);
      expect(seed, locale).not.toContain(before);
    }
    for (const locale of ['zhs', 'zht'])
      expect(fs.readFileSync(`site/content/brand/${locale}.yaml`, 'utf8')).not.toMatch(/[点點][数數](?![币幣])/); // VRB, a coin of its own, is a 点数币
  });
});
