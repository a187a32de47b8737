import type { Kysely } from 'kysely';
import { correctSeededSentences, type SentenceCorrection } from './brand-sentences.ts';

/**
 * The seeded brand texts contradicted the product (issue 36): the instructions asked for one's real name as the
 * account name, which the username rule refuses for a name such as 王小明 (the real name belongs to the identity
 * verification), and the Chinese texts called the unit 点数 / 點數 where every screen says 积分 / 積分. Corrected where
 * a draft still holds the seeded sentence (brand-sentences.ts); the files in site/content hold the corrected ones.
 */
export const corrections: SentenceCorrection[] = [
  [
    'instruction',
    'zhs',
    '使用推荐码注册并登录。账户名称必须是您的真实姓名。',
    '使用推荐码注册并登录。用户名可以自己选；身份验证时填写的真实姓名必须与证件一致，付款与提现都只认这个姓名。',
  ],
  [
    'instruction',
    'zhs',
    '打开商品页并点击“购买”。选择点数金额（至少 100）、配送方式与付款方式。',
    '打开商品页并点击“购买”。选择积分金额（至少 100）、配送方式与付款方式。',
  ],
  [
    'fun',
    'zhs',
    '与合作城市的电影票和游戏。将点数转入合作钱包即可在那里使用。',
    '与合作城市的电影票和游戏。将积分转入合作钱包即可在那里使用。',
  ],
  [
    'terms',
    'zhs',
    '您购买的是由我们安装并托管于机房的石墨烯太阳能设备的份额，以点数计。设备留在机房；您拥有该份额及其产生的营收。',
    '您购买的是由我们安装并托管于机房的石墨烯太阳能设备的份额，以积分计价。设备留在机房；您拥有该份额及其产生的营收。',
  ],
  [
    'vrb',
    'zhs',
    '本站不设任何流水要求。收益以普通点数计入主钱包，可以提现到您本人已验证的银行卡，不必先在娱乐中消费。',
    '本站不设任何流水要求。收益以积分计入主钱包，可以提现到您本人已验证的银行卡，不必先在娱乐中消费。',
  ],
  [
    'instruction',
    'zht',
    '使用推薦碼註冊並登入。帳號名稱必須是您的真實姓名。',
    '使用推薦碼註冊並登入。使用者名稱可以自己選；身分驗證時填寫的真實姓名必須與證件一致，付款與提領都只認這個姓名。',
  ],
  [
    'instruction',
    'zht',
    '開啟商品頁並輕觸「購買」。選擇點數金額（至少 100）、配送方式與付款方式。',
    '開啟商品頁並輕觸「購買」。選擇積分金額（至少 100）、配送方式與付款方式。',
  ],
  [
    'fun',
    'zht',
    '與合作城市的電影票和遊戲。將點數轉入合作錢包即可在那裡使用。',
    '與合作城市的電影票和遊戲。將積分轉入合作錢包即可在那裡使用。',
  ],
  [
    'terms',
    'zht',
    '您購買的是由我們安裝並託管於機房的石墨烯太陽能設備的份額，以點數計。設備留在機房；您擁有該份額及其產生的營收。',
    '您購買的是由我們安裝並託管於機房的石墨烯太陽能設備的份額，以積分計價。設備留在機房；您擁有該份額及其產生的營收。',
  ],
  [
    'vrb',
    'zht',
    '本站不設任何流水要求。收益以普通點數計入主錢包，可以提領到您本人已驗證的銀行卡，不必先在娛樂中消費。',
    '本站不設任何流水要求。收益以積分計入主錢包，可以提領到您本人已驗證的銀行卡，不必先在娛樂中消費。',
  ],
  [
    'instruction',
    'eng',
    'Register with a referral code, then log in. Your account name must be your real name.',
    'Register with a referral code, then log in. Choose any username; the real name you give when you verify your identity must match your certificate, and payments and withdrawals are accepted only in that name.',
  ],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await correctSeededSentences(db, corrections);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await correctSeededSentences(db, corrections, true);
}
