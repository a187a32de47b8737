import type { Kysely } from 'kysely';
import { correctSeededSentences, type SentenceCorrection } from './brand-sentences.ts';

/**
 * The seeded brand texts stated a sharing rule other than the one income is paid by (issue 36, decision 055): the
 * terms said "by amount", and the VRB page a turnover rule decision 013 does not apply. A database seeded before
 * keeps its drafts (decision 022), so each sentence is corrected where a draft still holds it (brand-sentences.ts).
 */
const corrections: SentenceCorrection[] = [
  [
    'about',
    'zhs',
    '我们公开这些记录，只依据记录发放收益。我们从不承诺固定回报，也从不用一位会员的钱支付另一位会员。',
    '我们公开这些记录，只依据记录发放收益：每天的营收扣除公开的运营费用后，按每笔订单占机房装机容量的份额分配。我们从不承诺固定回报，也从不用一位会员的钱支付另一位会员。',
  ],
  [
    'instruction',
    'zhs',
    '石墨烯光能出售托管石墨烯太阳能设备的份额。机房运营设备、出售电力，并记录每天的发电量与营收；您的收益是该营收中属于您的份额，扣除公开的运营费用。',
    '石墨烯光能出售托管石墨烯太阳能设备的份额。机房运营设备、出售电力，并记录每天的发电量与营收；营收扣除公开的运营费用后，按每笔订单占机房装机容量的份额分配，这就是您的收益。',
  ],
  [
    'terms',
    'zhs',
    '机房在每个营业日记录其发出并售出的电量及收取的营收。我们将该营收扣除公开的运营费用后，按金额比例分配给已付清的份额。',
    '机房在每个营业日记录其发出并售出的电量及收取的营收。我们将该营收扣除公开的运营费用后，按每笔已付清订单占机房装机容量的份额分配：订单的份数除以机房的装机容量（份），乘以当天可分配的营收，向下取整。没有人购买的容量所对应的部分留在机房账户中。每天的数字都公开在“收益从哪里来”页面上。',
  ],
  ['vrb', 'zhs', '流水规则', '没有流水规则'],
  [
    'vrb',
    'zhs',
    '在娱乐中消费的回报计入流水。如需提取本金，流水须至少达到金额的一倍。',
    '本站不设任何流水要求。收益以普通点数计入主钱包，可以提现到您本人已验证的银行卡，不必先在娱乐中消费。',
  ],
  [
    'about',
    'zht',
    '我們公開這些記錄，只依據記錄發放收益。我們從不承諾固定報酬，也從不用一位會員的錢支付另一位會員。',
    '我們公開這些記錄，只依據記錄發放收益：每天的營收扣除公開的營運費用後，按每筆訂單占機房裝機容量的份額分配。我們從不承諾固定報酬，也從不用一位會員的錢支付另一位會員。',
  ],
  [
    'instruction',
    'zht',
    '石墨烯光能出售託管石墨烯太陽能設備的份額。機房營運設備、出售電力，並記錄每天的發電量與營收；您的收益是該營收中屬於您的份額，扣除公開的營運費用。',
    '石墨烯光能出售託管石墨烯太陽能設備的份額。機房營運設備、出售電力，並記錄每天的發電量與營收；營收扣除公開的營運費用後，按每筆訂單占機房裝機容量的份額分配，這就是您的收益。',
  ],
  [
    'terms',
    'zht',
    '機房在每個營業日記錄其發出並售出的電量及收取的營收。我們將該營收扣除公開的營運費用後，按金額比例分配給已付清的份額。',
    '機房在每個營業日記錄其發出並售出的電量及收取的營收。我們將該營收扣除公開的營運費用後，按每筆已付清訂單占機房裝機容量的份額分配：訂單的份數除以機房的裝機容量（份），乘以當天可分配的營收，無條件捨去。沒有人購買的容量所對應的部分留在機房帳戶中。每天的數字都公開在「收益從哪裡來」頁面上。',
  ],
  ['vrb', 'zht', '流水規則', '沒有流水規則'],
  [
    'vrb',
    'zht',
    '在娛樂中消費的回饋計入流水。如需提領本金，流水須至少達到金額的一倍。',
    '本站不設任何流水要求。收益以普通點數計入主錢包，可以提領到您本人已驗證的銀行卡，不必先在娛樂中消費。',
  ],
  [
    'about',
    'eng',
    "We publish those records and pay income only from them. We never promise a fixed return, and we never pay one member with another member's money.",
    "We publish those records and pay income only from them. Each day's revenue, less the published operator fee, is shared by each order's share of the room's installed capacity. We never promise a fixed return, and we never pay one member with another member's money.",
  ],
  [
    'instruction',
    'eng',
    "Graphene Solar sells shares of hosted graphene solar equipment. The engine room runs the equipment, sells the electricity and records each day's production and revenue; your income is your share of that revenue, less a published fee.",
    "Graphene Solar sells shares of hosted graphene solar equipment. The engine room runs the equipment, sells the electricity and records each day's production and revenue; that revenue, less a published fee, is shared by each order's share of the room's installed capacity, and that is your income.",
  ],
  [
    'terms',
    'eng',
    'Each business day the engine room records the energy it produced and sold and the revenue collected. We distribute that revenue, less the published operator fee, to paid-off shares in proportion to their amounts.',
    "Each business day the engine room records the energy it produced and sold and the revenue collected. We share that revenue, less the published operator fee, by each paid-off order's share of the room's installed capacity. An order earns its units over the room's installed capacity in units, times the day's distributable revenue, rounded down. The part of capacity nobody has bought stays in the room's account. Every day's figures are published on the “Where income comes from” page.",
  ],
  ['vrb', 'eng', 'Turnover rule', 'No turnover rule'],
  [
    'vrb',
    'eng',
    'Returns spent in entertainment count as turnover. To cash out principal, turnover must equal at least one times the amount.',
    'There is no turnover requirement. Income is credited to your main wallet as ordinary points and can be withdrawn to your own verified bank card without spending anything in entertainment first.',
  ],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await correctSeededSentences(db, corrections);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await correctSeededSentences(db, corrections, true);
}
