export type Localised = Partial<Record<'zhs' | 'zht' | 'eng', string>>;

/**
 * The names the seeded catalogue starts with in the three languages (issue 14's back office edits
 * them): without them a Chinese screen shows "Tainan Solar Park A". Keyed by the seeded English
 * name, so a row an operator has renamed is left alone.
 */
export const seededProductNames: Record<string, Localised> = {
  'Graphene solar power': { zhs: '石墨烯太阳能发电', zht: '石墨烯太陽能發電', eng: 'Graphene solar power' },
};

export const seededRoomNames: Record<string, { names: Localised; locations: Localised; types: Localised }> = {
  'Tainan Solar Park A': {
    names: { zhs: '台南太阳能园区 A', zht: '臺南太陽能園區 A', eng: 'Tainan Solar Park A' },
    locations: { zhs: '台湾台南', zht: '臺灣臺南', eng: 'Tainan, Taiwan' },
    types: { zhs: '石墨烯阵列', zht: '石墨烯陣列', eng: 'Graphene array' },
  },
  'Kaohsiung Rooftop B': {
    names: { zhs: '高雄屋顶电站 B', zht: '高雄屋頂電站 B', eng: 'Kaohsiung Rooftop B' },
    locations: { zhs: '台湾高雄', zht: '臺灣高雄', eng: 'Kaohsiung, Taiwan' },
    types: { zhs: '屋顶阵列', zht: '屋頂陣列', eng: 'Rooftop array' },
  },
};

/** What one unit of a product is called when the seed or an older install gave it no unit (migration 0019). */
export const seededUnits: Localised = { zhs: '份', zht: '份', eng: 'share' };
