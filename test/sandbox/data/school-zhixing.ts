// 知行學苑: a Taiwanese school in Taipei selling in TWD, with some USD to learners abroad. Names in Traditional
// Chinese (family name first, no space) with the romanisation Taiwanese passports use, for e-mail addresses.
// TWD has two minor units in ISO 4217, but Taiwanese schools price in whole dollars (NT$2,980).
import { titles, type SchoolProfile } from './profile';
import { DAY_MS } from './time-zone';

// The common family names come several times, so they are drawn as often as they are met in Taiwan.
const LAST = [
  ['陳', 'chen'], ['陳', 'chen'], ['陳', 'chen'], ['林', 'lin'], ['林', 'lin'], ['黃', 'huang'], ['黃', 'huang'], ['張', 'chang'], ['張', 'chang'],
  ['李', 'lee'], ['李', 'lee'], ['王', 'wang'], ['王', 'wang'], ['吳', 'wu'], ['劉', 'liu'], ['蔡', 'tsai'], ['楊', 'yang'], ['許', 'hsu'], ['鄭', 'cheng'],
  ['謝', 'hsieh'], ['郭', 'kuo'], ['洪', 'hung'], ['曾', 'tseng'], ['邱', 'chiu'], ['廖', 'liao'], ['賴', 'lai'], ['周', 'chou'], ['徐', 'hsu'], ['蘇', 'su'],
  ['葉', 'yeh'], ['莊', 'chuang'], ['呂', 'lu'], ['江', 'chiang'], ['何', 'ho'], ['蕭', 'hsiao'], ['羅', 'lo'], ['高', 'kao'], ['歐陽', 'ouyang'],
] as const;
const FIRST = [
  ['志明', 'chihming'], ['怡君', 'yichun'], ['雅婷', 'yating'], ['家豪', 'chiahao'], ['俊傑', 'chunchieh'], ['淑芬', 'shufen'], ['美玲', 'meiling'],
  ['宗翰', 'tsunghan'], ['冠宇', 'kuanyu'], ['佳穎', 'chiaying'], ['詩涵', 'shihhan'], ['承恩', 'chengen'], ['宇翔', 'yuhsiang'], ['柏翰', 'pohan'],
  ['彥廷', 'yenting'], ['欣怡', 'hsinyi'], ['思妤', 'szuyu'], ['品妍', 'pinyen'], ['子晴', 'tzuching'], ['宜蓁', 'yichen'], ['建宏', 'chienhung'],
  ['文雄', 'wenhsiung'], ['秀英', 'hsiuying'], ['麗華', 'lihua'], ['志偉', 'chihwei'], ['雅雯', 'yawen'], ['佩珊', 'peishan'], ['家瑜', 'chiayu'],
  ['哲瑋', 'chewei'], ['育誠', 'yucheng'], ['郁婷', 'yuting'], ['冠廷', 'kuanting'], ['靜怡', 'chingyi'], ['承翰', 'chenghan'], ['婉婷', 'wanting'],
] as const;

/** 初一 of each Lunar New Year (local dates); outside these years the holiday dip is left out. */
const LUNAR_NEW_YEAR: Readonly<Record<number, readonly [number, number]>> = {
  2016: [2, 8], 2017: [1, 28], 2018: [2, 16], 2019: [2, 5], 2020: [1, 25], 2021: [2, 12], 2022: [2, 1], 2023: [1, 22], 2024: [2, 10],
  2025: [1, 29], 2026: [2, 17], 2027: [2, 6], 2028: [1, 26], 2029: [2, 13], 2030: [2, 3], 2031: [1, 23], 2032: [2, 11], 2033: [1, 31],
  2034: [2, 19], 2035: [2, 8], 2036: [1, 28], 2037: [2, 15], 2038: [2, 4], 2039: [1, 24], 2040: [2, 12],
};

/** Few buy over the holiday (除夕 to 初五); many start something new in the weeks after. */
function lunarNewYear(date: { year: number; month: number; day: number }): number {
  const first = LUNAR_NEW_YEAR[date.year];
  if (!first) return 1;
  const days = (Date.UTC(date.year, date.month - 1, date.day) - Date.UTC(date.year, first[0] - 1, first[1])) / DAY_MS;
  if (days >= -1 && days <= 4) return 0.45;
  if (days > 4 && days <= 20) return 1.15;
  return 1;
}

const NT = 100; // minor units per New Taiwan dollar
const tenDollars = (minor: number) => Math.round(minor / (10 * NT)) * 10 * NT;

export const ZHIXING: SchoolProfile = {
  id: 'sch_zhixing',
  name: '知行學苑',
  subdomain: 'zhixing',
  currency: 'TWD',
  extraCurrencies: ['USD'],
  extraCurrencyShare: 0.12,
  timeZone: 'Asia/Taipei',
  locale: 'zh-TW',
  orderShare: 0.2,
  categories: ['程式設計', '設計', '攝影', '語言學習', '理財投資', '行銷', '職場技能', '生活品味', '音樂'],
  tags: ['入門', '進階', '熱門', '新課程', '結業證書', '實作', '直播', '限時優惠'],
  courseTitles: titles({
    'Python 資料分析入門': ['程式設計'], 'JavaScript 從零開始': ['程式設計'], '用 React 打造網頁應用': ['程式設計'], '零基礎學 SQL 資料庫': ['程式設計', '職場技能'],
    'iOS App 開發實戰': ['程式設計'], 'ChatGPT 與 AI 工具應用': ['程式設計', '職場技能'], '網頁切版 HTML/CSS 入門': ['程式設計', '設計'], '用 Python 自動化你的工作': ['程式設計', '職場技能'],
    'Figma UI/UX 設計實戰': ['設計'], '平面設計基礎：排版與配色': ['設計'], 'Procreate 插畫入門': ['設計'], '品牌識別設計': ['設計', '行銷'], 'Illustrator 向量繪圖': ['設計'],
    '手機攝影完全攻略': ['攝影'], '人像攝影與打光': ['攝影'], 'Lightroom 調色工作坊': ['攝影'], '短影音剪輯：Premiere 入門': ['攝影', '行銷'], '旅行攝影：用照片說故事': ['攝影'],
    '日文五十音到 N5': ['語言學習'], '多益 800 分衝刺班': ['語言學習'], '商務英文 Email 寫作': ['語言學習', '職場技能'], '韓文入門：從發音開始': ['語言學習'], '英文簡報表達力': ['語言學習', '職場技能'],
    '小資族理財入門': ['理財投資'], '美股 ETF 投資實戰': ['理財投資'], '財務報表快速上手': ['理財投資', '職場技能'], '存股與配息策略': ['理財投資'],
    'Instagram 社群經營術': ['行銷'], 'GA4 數據分析實務': ['行銷', '職場技能'], '文案寫作：寫出會賣的文字': ['行銷'], 'SEO 網站流量成長': ['行銷'], 'Podcast 製作與經營': ['行銷', '音樂'],
    'Excel 函數與樞紐分析': ['職場技能'], '簡報設計與表達': ['職場技能', '設計'], '專案管理實務': ['職場技能'], 'Notion 高效工作術': ['職場技能'], '主管的溝通與領導': ['職場技能'],
    '手沖咖啡入門': ['生活品味'], '居家烘焙：歐式麵包': ['生活品味'], '烏克麗麗自彈自唱': ['音樂'],
  }),
  sectionTitles: ['課程介紹與環境準備', '基礎觀念', '核心技巧', '常見錯誤', '綜合練習', '進階應用', '深入專題', '案例分析', '實戰專案', '期末專題與下一步'],
  firstNames: FIRST,
  lastNames: LAST,
  personName: (first, last) => `${last}${first}`,
  coursePrices: [990, 1200, 1680, 1980, 2480, 2980, 3600, 4200, 4800, 6800, 8800],
  minorPerUnit: NT,
  discountStep: { TWD: NT },
  pricing: {
    round: tenDollars,
    // NT$499 a month for a NT$2,980 course.
    monthly: (base) => Math.max(99 * NT, Math.round(base / 6 / (100 * NT)) * 100 * NT - NT),
    // About 31 NT$ to the dollar, priced at $39, $99 …
    extra: (base) => Math.max(999, Math.round(base / NT / 31 / 10) * 1000 - 100),
  },
  // Busier in January and the summer holidays; quiet over Lunar New Year (雙11, 618 and year-end come from the sales).
  season: (date, dayOfYear) => (1 + 0.06 * Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365.25) + 0.1 * Math.exp(-(((dayOfYear - 200) / 25) ** 2))) * lunarNewYear(date),
  // Lunch break and late evening: most buy between 20:00 and 23:00.
  hours: [0.7, 0.4, 0.2, 0.1, 0.08, 0.1, 0.25, 0.6, 0.8, 0.9, 1.0, 1.1, 1.5, 1.3, 1.0, 1.0, 1.0, 1.1, 1.2, 1.5, 1.9, 2.2, 2.0, 1.3],
  // ATM transfers and convenience-store codes take hours to be paid (orders.ts).
  paymentMethods: [['credit_card', 55], ['line_pay', 15], ['atm', 12], ['cvs', 10], ['apple_pay', 8]],
  paymentMethodsAbroad: [['credit_card', 75], ['paypal', 20], ['apple_pay', 5]],
  evergreenCoupons: [
    { code: 'WELCOME200', kind: 'fixed', off: 200 * NT, currency: 'TWD', startDay: 0, endDay: null, usageLimit: null, state: 'active', description: '新會員首購現折 NT$200' },
    { code: 'FRIEND10', kind: 'percent', off: 10, currency: null, startDay: 90, endDay: null, usageLimit: null, state: 'active', description: '好友推薦：結帳享 9 折' },
    { code: 'OVERSEAS15', kind: 'fixed', off: 1500, currency: 'USD', startDay: 180, endDay: null, usageLimit: null, state: 'active', description: '海外學員 USD 結帳折抵 $15' },
    { code: 'VIP30', kind: 'percent', off: 30, currency: null, startDay: 300, endDay: null, usageLimit: 40, state: 'active', description: 'VIP 學員專屬 7 折（限量 40 組）' },
    { code: 'BACK2SCHOOL', kind: 'percent', off: 25, currency: null, startDay: 40, endDay: 200, usageLimit: 600, state: 'disabled', description: '開學季 75 折（已結束）' },
  ],
  sales: (y) => [
    { code: `SALE618-${y}`, percent: 20, start: [6, 16], end: [6, 20], description: `${y} 618 年中慶：全站 8 折` },
    { code: `DOUBLE11-${y}`, percent: 30, start: [11, 11], end: [11, 14], description: `${y} 雙 11 限定：全站 7 折` },
    // Christmas to New Year's Eve (month 13 is January of the next year).
    { code: `YEAREND${y}`, percent: 25, start: [12, 24], end: [13, 1], description: `${y} 年終感恩祭：全站 75 折` },
  ],
  words: {
    studentTags: ['電子報', 'VIP', '企業學員', '獎學金', '校友', '搶先體驗'],
    lecturerBios: ['業界實戰經驗 15 年的講師。', '前廣告公司創意總監，現專職教學。', '暢銷書作者，也常在研討會分享。', '得獎創作者與業師。', '工程師出身的教育工作者。'],
    lectureTitle: (n, section, part) => `單元 ${n}：${section}（${part}）`,
    attachmentName: (kind, lecture, n) => `單元${lecture}-${kind}-${n}`,
    plans: { free: '免費', lifetime: '永久觀看', extraLifetime: (currency) => `永久觀看（${currency}）`, monthly: '月訂閱', specificLength: '12 個月觀看', groupBuy: '團購方案', fixedDate: '梯次班（固定日期）', preOrder: '預購優惠' },
    membershipItem: (plan, interval) => `${plan}（${interval === 'month' ? '月繳' : interval === 'year' ? '年繳' : interval === 'day' ? '單日' : '終身'}）`,
    membershipPlans: [
      { name: '知行會員 Plus', kind: 'recurring', currency: 'TWD', prices: [{ interval: 'month', amount: 399 * NT }, { interval: 'year', amount: 3990 * NT }] },
      { name: '學習吃到飽', kind: 'recurring', currency: 'TWD', prices: [{ interval: 'month', amount: 599 * NT }, { interval: 'day', amount: 49 * NT }] },
      { name: '海外會員', kind: 'recurring', currency: 'USD', prices: [{ interval: 'month', amount: 1500 }, { interval: 'year', amount: 15000 }] },
      { name: '終身會員', kind: 'lifetime', currency: 'TWD', prices: [{ interval: null, amount: 12800 * NT }] },
    ],
    digitalProducts: ['學習計畫表模板', '電子書：自學的方法', '練習題庫', '設計素材包', 'Notion 模板組', '面試準備清單', 'Lightroom 調色預設檔'],
    digitalProductPrices: [199 * NT, 299 * NT, 399 * NT, 590 * NT],
    orderBump: (name) => `${name}（加購）`,
    meetings: [['一對一諮詢 60 分鐘', 3000 * NT], ['作品集健檢 30 分鐘', 1500 * NT]],
    eventTitles: ['線上直播 Q&A', '作品集健檢工作坊', '學員交流聚會', '講師大師班', '職涯分享夜', '新課搶先看'],
    ticketTiers: [['一般票', 500 * NT], ['VIP 票', 1500 * NT], ['早鳥票', 350 * NT]],
    postTitles: ['新課程上線公告', '持續學習的小技巧', '學員專訪', '春節連假客服時間', '年度最大優惠開跑', '講師介紹', '常見問題整理', '結業學員心得'],
    postCategories: ['最新公告', '學習技巧', '學員故事', '幕後花絮'],
    learnerComments: ['講解得很清楚，謝謝老師！', '想請問這個步驟要怎麼做？', '受益良多，期待下一堂課。', '請問講義可以在哪裡下載？', '影片第 3 分鐘的地方聽不太清楚，可以再說明一次嗎？'],
    staffReply: '謝謝你的提問！這邊補充說明一下。',
    forms: ['課後問卷', '聯絡我們', '企業內訓洽詢', '活動報名表'],
    pages: [['首頁', '/'], ['關於我們', '/about'], ['常見問題', '/faq'], ['服務條款', '/terms'], ['隱私權政策', '/privacy'], ['退款政策', '/refund-policy'], ['雙 11 活動頁', '/campaign/double11']],
    appearance: { theme: 'zhixing', primary_color: '#1f7a6d' },
  },
};
