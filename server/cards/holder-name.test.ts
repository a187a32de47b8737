import { describe, expect, it } from 'vitest';
import { payerNameFits, sameHolder } from './holder-name.ts';

describe('a payer’s name against the verified real name', () => {
  it('is the same name whole, as a bank clerk compares it', () => {
    expect(sameHolder(' Lin  Mei ', 'lin mei')).toBe(true);
    expect(sameHolder('王小明', '王晓明')).toBe(false);
    expect(sameHolder('', '')).toBe(false);
  });

  it('fits as a statement prints it masked, when what it shows is the name’s and enough of it shows', () => {
    for (const printed of ['王小明', '王*明', '王＊明', '王○明', '王O明', '王Ｏ明', '*小明'])
      expect(payerNameFits(printed, '王小明'), printed).toBe(true);
    expect(payerNameFits('LIN M*I', 'Lin Mei')).toBe(true);
    // Another character shown, another length, too little shown, or nothing known to compare with.
    for (const printed of ['李*明', '王*', '王**明', '王**', '***', '王小明明'])
      expect(payerNameFits(printed, '王小明'), printed).toBe(false);
    expect(payerNameFits('吴**', '吴美玲')).toBe(false);
    expect(payerNameFits('王*明', null)).toBe(false);
    // A Latin O is a letter of a Latin name, not a mask.
    expect(payerNameFits('LIN MOI', 'Lin Mei')).toBe(false);
  });
});
