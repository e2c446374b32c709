// さくら学び舎: a Japanese school in Tokyo selling in yen (zero-decimal). Names carry a romanisation for e-mail.
import { blackFriday, titles, type SchoolProfile } from './profile';

const FIRST = [['健', 'ken'], ['翔', 'sho'], ['蓮', 'ren'], ['大輝', 'daiki'], ['悠斗', 'yuto'], ['陽翔', 'haruto'], ['湊', 'minato'], ['拓海', 'takumi'], ['颯太', 'sota'], ['直樹', 'naoki'], ['健太', 'kenta'], ['誠', 'makoto'], ['浩', 'hiroshi'], ['隆', 'takashi'], ['陽葵', 'himari'], ['結衣', 'yui'], ['さくら', 'sakura'], ['美咲', 'misaki'], ['葵', 'aoi'], ['凛', 'rin'], ['芽依', 'mei'], ['陽菜', 'hina'], ['愛', 'ai'], ['真由美', 'mayumi'], ['恵子', 'keiko'], ['由美', 'yumi'], ['彩', 'aya'], ['優子', 'yuko'], ['花子', 'hanako'], ['明美', 'akemi']] as const;
const LAST = [['佐藤', 'sato'], ['鈴木', 'suzuki'], ['高橋', 'takahashi'], ['田中', 'tanaka'], ['伊藤', 'ito'], ['渡辺', 'watanabe'], ['山本', 'yamamoto'], ['中村', 'nakamura'], ['小林', 'kobayashi'], ['加藤', 'kato'], ['吉田', 'yoshida'], ['山田', 'yamada'], ['佐々木', 'sasaki'], ['山口', 'yamaguchi'], ['松本', 'matsumoto'], ['井上', 'inoue'], ['木村', 'kimura'], ['林', 'hayashi'], ['斎藤', 'saito'], ['清水', 'shimizu'], ['山崎', 'yamazaki'], ['森', 'mori'], ['池田', 'ikeda'], ['橋本', 'hashimoto'], ['阿部', 'abe'], ['石川', 'ishikawa'], ['前田', 'maeda'], ['藤田', 'fujita'], ['小川', 'ogawa'], ['岡田', 'okada']] as const;

const hundreds = (yen: number) => Math.round(yen / 100) * 100;

export const SAKURA: SchoolProfile = {
  id: 'sch_sakura',
  name: 'さくら学び舎',
  subdomain: 'sakura',
  currency: 'JPY',
  extraCurrencies: [],
  extraCurrencyShare: 0,
  timeZone: 'Asia/Tokyo',
  locale: 'ja',
  orderShare: 0.15,
  categories: ['日本語', '語学', 'プログラミング', 'デザイン', '写真・動画', 'ビジネス', '料理', '音楽', '資格', '趣味・教養', '健康'],
  tags: ['初心者', '中級', '上級', '人気', '新着', '修了証', '実践', 'ライブ'],
  courseTitles: titles({
    'はじめての日本語文法': ['日本語'], 'JLPT N3 合格講座': ['日本語', '資格'], 'JLPT N2 読解対策': ['日本語', '資格'], 'ビジネス日本語の敬語': ['日本語', 'ビジネス'],
    'Python入門': ['プログラミング'], 'JavaScript基礎': ['プログラミング'], 'Webデザイン実践': ['デザイン'], 'Figmaで作るUI': ['デザイン'],
    'Excel業務効率化': ['ビジネス'], 'プレゼンテーションの技術': ['ビジネス'], 'マーケティング入門': ['ビジネス'], 'SNS運用講座': ['ビジネス'],
    '家庭料理の基本': ['料理'], '和菓子づくり': ['料理'], 'パン作り入門': ['料理'], 'ギター初級': ['音楽'], 'ピアノで弾く名曲': ['音楽'], 'ボイストレーニング': ['音楽'],
    '簿記3級合格講座': ['資格', 'ビジネス'], 'FP3級対策': ['資格'], 'TOEIC 600点突破': ['語学', '資格'], '英会話フレーズ100': ['語学'],
    '写真撮影の基本': ['写真・動画'], '動画編集入門': ['写真・動画'], '書道の基礎': ['趣味・教養'], '茶道入門': ['趣味・教養'], 'ライティング講座': ['ビジネス'],
    'データ分析入門': ['プログラミング', 'ビジネス'], 'AI活用術': ['プログラミング', 'ビジネス'], 'マインドフルネス瞑想': ['健康'], 'ヨガ基礎': ['健康'],
    '副業の始め方': ['ビジネス'], '投資の基本': ['ビジネス'], 'イラスト入門': ['デザイン'], '起業準備講座': ['ビジネス'],
  }),
  sectionTitles: ['オリエンテーション', '基礎編', '演習', 'よくある間違い', '応用編', '実践編', '発展編', 'ケーススタディ', '総まとめ', '修了課題'],
  firstNames: FIRST,
  lastNames: LAST,
  personName: (first, last) => `${last} ${first}`,
  coursePrices: [3800, 4800, 6800, 9800, 12800, 14800, 19800, 29800, 39800],
  minorPerUnit: 1,
  pricing: {
    round: hundreds,
    monthly: (base) => hundreds(base / 6),
    extra: hundreds,
  },
  // A little busier in winter, and April, when the school year starts.
  season: (_date, dayOfYear) => 1 + 0.1 * Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365.25) + 0.2 * Math.exp(-(((dayOfYear - 100) / 14) ** 2)),
  hours: [0.5, 0.3, 0.15, 0.1, 0.1, 0.15, 0.4, 0.8, 0.9, 0.9, 1.0, 1.1, 1.5, 1.2, 1.0, 1.0, 1.0, 1.1, 1.3, 1.5, 1.8, 2.0, 1.8, 1.1],
  // Konbini and ATM payments take hours (orders.ts).
  paymentMethods: [['credit_card', 55], ['cvs', 15], ['atm', 10], ['line_pay', 12], ['apple_pay', 8]],
  evergreenCoupons: [
    { code: 'WELCOME1000', kind: 'fixed', off: 1000, currency: 'JPY', startDay: 0, endDay: null, usageLimit: null, state: 'active', description: '初回購入1,000円引き' },
    { code: 'SAKURA5', kind: 'percent', off: 5, currency: null, startDay: 120, endDay: null, usageLimit: null, state: 'active', description: '受講生ご紹介5%オフ' },
    { code: 'VIP30', kind: 'percent', off: 30, currency: null, startDay: 300, endDay: null, usageLimit: 40, state: 'active', description: 'VIP会員30%オフ（先着40名）' },
    { code: 'HARU2024OLD', kind: 'percent', off: 25, currency: null, startDay: 40, endDay: 200, usageLimit: 500, state: 'disabled', description: '春の新生活応援25%オフ（終了）' },
  ],
  sales: (y) => [
    { code: `SHINSHUN${y}`, percent: 30, start: [1, 1], end: [1, 8], description: `新春セール${y}：全講座30%オフ` },
    { code: `GW${y}`, percent: 20, start: [4, 29], end: [5, 7], description: `ゴールデンウィーク${y}：20%オフ` },
    { code: `BF${y}`, percent: 35, start: [11, blackFriday(y)], end: [11, blackFriday(y) + 4], description: `ブラックフライデー${y}：35%オフ` },
  ],
  words: {
    studentTags: ['newsletter', 'vip', 'b2b', 'scholarship', 'alumni', 'beta-tester'],
    lecturerBios: ['現場経験15年の講師です。', '元制作会社ディレクター。', '書籍の執筆や講演も行っています。', '受賞歴のあるクリエイター。', 'エンジニア出身の教育者。'],
    lectureTitle: (n, section, part) => `第${n}回 ${section} ${part}`,
    attachmentName: (kind, _lecture, n) => `${kind}資料${n}`,
    plans: { free: '無料', lifetime: '買い切り', extraLifetime: (currency) => `買い切り（${currency}）`, monthly: '月額プラン', specificLength: '12か月視聴', groupBuy: 'グループ購入', fixedDate: '日程指定クラス', preOrder: '予約販売' },
    membershipItem: (plan, interval) => `${plan}（${interval === 'month' ? '月額' : interval === 'year' ? '年額' : interval === 'day' ? '1日' : '買い切り'}）`,
    membershipPlans: [
      { name: 'さくらプレミアム', kind: 'recurring', currency: 'JPY', prices: [{ interval: 'month', amount: 1980 }, { interval: 'year', amount: 19800 }] },
      { name: '学び放題ライト', kind: 'recurring', currency: 'JPY', prices: [{ interval: 'month', amount: 980 }, { interval: 'day', amount: 120 }] },
      { name: 'ビジネス会員', kind: 'recurring', currency: 'JPY', prices: [{ interval: 'month', amount: 2980 }, { interval: 'year', amount: 29800 }] },
    ],
    digitalProducts: ['学習テンプレート集', '電子書籍：独学のコツ', '練習問題ドリル', '素材パック', '単語カード', 'チェックリスト集', '音声教材'],
    digitalProductPrices: [980, 1480, 1980, 2980],
    orderBump: (name) => `${name} (同時購入)`,
    meetings: [['個別相談 60分', 8800], ['個別相談 30分', 4800]],
    eventTitles: ['オンライン勉強会', '講師と話そう', 'ワークショップ', '交流会', '公開講座', '特別セミナー'],
    ticketTiers: [['一般', 3000], ['プレミアム', 8000], ['早割', 2000]],
    postTitles: ['新講座のお知らせ', '学習を続けるコツ', '受講生インタビュー', '年末年始の営業について', 'セール開催のお知らせ', '講師紹介', 'よくある質問まとめ', '修了生の声'],
    postCategories: ['お知らせ', '学習のヒント', '受講生の声', '舞台裏'],
    learnerComments: ['とても分かりやすかったです！', '質問があります。', 'ありがとうございました。', '続きが楽しみです。', '資料はどこからダウンロードできますか？'],
    staffReply: 'ご質問ありがとうございます。',
    forms: ['受講後アンケート', 'お問い合わせ', '法人研修のご相談', 'イベント参加申込'],
    pages: [['ホーム', '/'], ['スクールについて', '/about'], ['よくある質問', '/faq'], ['利用規約', '/terms'], ['プライバシーポリシー', '/privacy'], ['特定商取引法に基づく表記', '/tokushoho'], ['春のキャンペーン', '/campaign/spring']],
    appearance: { theme: 'sakura', primary_color: '#d94f70' },
  },
};
