// The words the demo schools are made of: names, course titles, section titles, per language.
// Japanese names carry a romanisation for the e-mail address.

export interface SchoolProfile {
  id: string;
  name: string;
  subdomain: string;
  currency: string;
  extraCurrencies: string[];
  /** Share of orders in each extra currency. */
  extraCurrencyShare: number;
  timeZone: string;
  locale: 'en' | 'ja';
  /** Share of all orders. */
  orderShare: number;
  categories: string[];
  tags: string[];
  courseTitles: string[];
  sectionTitles: string[];
  lecturePrefix: string;
  firstNames: readonly (readonly [string, string])[];
  lastNames: readonly (readonly [string, string])[];
  /** Whole-unit price points of a course (dollars, yen). */
  coursePrices: number[];
  minorPerUnit: number;
}

const EN_FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'James', 'Isabella', 'Lucas', 'Mia', 'Mason', 'Amelia', 'Ethan', 'Harper', 'Logan', 'Evelyn', 'Aiden', 'Abigail', 'Jackson', 'Emily', 'Sebastian', 'Ella', 'Mateo', 'Chloe', 'Henry', 'Grace', 'Leo', 'Zoe', 'Owen', 'Nora', 'Daniel', 'Lily', 'Samuel', 'Hannah', 'David', 'Aria', 'Julian', 'Layla', 'Gabriel', 'Lea', 'Lukas', 'Marie', 'Jonas', 'Sofia', 'Hugo', 'Camille', 'Matteo', 'Giulia', 'Lars', 'Ingrid', 'Pablo', 'Lucia', 'Priya', 'Arjun', 'Wei', 'Mei', 'Kwame', 'Amara', 'Diego'];
const EN_LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Hill', 'Campbell', 'Mitchell', 'Carter', 'Müller', 'Schmidt', 'Dubois', 'Rossi', 'Jansen', 'Novak', 'Kowalski', 'Fernández', 'Silva', 'Nielsen', 'Patel', 'Chen', 'Okafor', 'Mensah', 'Costa'];
const JA_FIRST = [['健', 'ken'], ['翔', 'sho'], ['蓮', 'ren'], ['大輝', 'daiki'], ['悠斗', 'yuto'], ['陽翔', 'haruto'], ['湊', 'minato'], ['拓海', 'takumi'], ['颯太', 'sota'], ['直樹', 'naoki'], ['健太', 'kenta'], ['誠', 'makoto'], ['浩', 'hiroshi'], ['隆', 'takashi'], ['陽葵', 'himari'], ['結衣', 'yui'], ['さくら', 'sakura'], ['美咲', 'misaki'], ['葵', 'aoi'], ['凛', 'rin'], ['芽依', 'mei'], ['陽菜', 'hina'], ['愛', 'ai'], ['真由美', 'mayumi'], ['恵子', 'keiko'], ['由美', 'yumi'], ['彩', 'aya'], ['優子', 'yuko'], ['花子', 'hanako'], ['明美', 'akemi']] as const;
const JA_LAST = [['佐藤', 'sato'], ['鈴木', 'suzuki'], ['高橋', 'takahashi'], ['田中', 'tanaka'], ['伊藤', 'ito'], ['渡辺', 'watanabe'], ['山本', 'yamamoto'], ['中村', 'nakamura'], ['小林', 'kobayashi'], ['加藤', 'kato'], ['吉田', 'yoshida'], ['山田', 'yamada'], ['佐々木', 'sasaki'], ['山口', 'yamaguchi'], ['松本', 'matsumoto'], ['井上', 'inoue'], ['木村', 'kimura'], ['林', 'hayashi'], ['斎藤', 'saito'], ['清水', 'shimizu'], ['山崎', 'yamazaki'], ['森', 'mori'], ['池田', 'ikeda'], ['橋本', 'hashimoto'], ['阿部', 'abe'], ['石川', 'ishikawa'], ['前田', 'maeda'], ['藤田', 'fujita'], ['小川', 'ogawa'], ['岡田', 'okada']] as const;

export const SCHOOL_PROFILES: readonly SchoolProfile[] = [
  {
    id: 'sch_lumen',
    name: 'Lumen Academy',
    subdomain: 'lumen',
    currency: 'USD',
    extraCurrencies: ['EUR'],
    extraCurrencyShare: 0.16,
    timeZone: 'America/New_York',
    locale: 'en',
    orderShare: 0.65,
    categories: ['Design', 'Development', 'Photography', 'Marketing', 'Business', 'Music', 'Writing'],
    tags: ['beginner', 'intermediate', 'advanced', 'bestseller', 'new', 'certificate', 'project-based', 'live-q&a'],
    courseTitles: [
      'UI Design Fundamentals', 'Figma from Zero to Prototype', 'Design Systems in Practice', 'Typography That Works',
      'Modern JavaScript', 'TypeScript for Teams', 'React the Practical Way', 'Node.js APIs', 'SQL for Analysts',
      'Python for Data Work', 'Machine Learning Basics', 'Portrait Photography', 'Street Photography Walks',
      'Lightroom Editing Masterclass', 'Landscape Photography', 'Email Marketing That Converts', 'SEO Without the Jargon',
      'Social Media Strategy', 'Copywriting for the Web', 'Start Your Online Business', 'Pricing Your Product',
      'Bookkeeping for Freelancers', 'Leadership for New Managers', 'Guitar for Absolute Beginners', 'Music Theory Made Simple',
      'Home Recording Studio', 'Songwriting Workshop', 'Write Your First Novel', 'Business Writing Clarity',
      'Public Speaking Confidence', 'Excel Power User', 'Product Management Essentials', 'Color Theory for Designers',
      'Illustration with Procreate', 'Video Editing with DaVinci Resolve', 'Podcasting from Scratch', 'Personal Finance 101',
      'Data Visualization Stories', 'Accessibility for Designers', 'Git and GitHub Confidence',
    ],
    sectionTitles: ['Welcome and setup', 'Foundations', 'Core techniques', 'Putting it together', 'Going deeper', 'Real-world project', 'Common mistakes', 'Advanced topics', 'Case studies', 'Final project and next steps'],
    lecturePrefix: 'Lesson',
    firstNames: EN_FIRST.map((n) => [n, n.toLowerCase()] as const),
    lastNames: EN_LAST.map((n) => [n, n.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '')] as const),
    coursePrices: [49, 59, 79, 99, 129, 149, 199, 249, 299],
    minorPerUnit: 100,
  },
  {
    id: 'sch_sakura',
    name: 'さくら学び舎',
    subdomain: 'sakura',
    currency: 'JPY',
    extraCurrencies: [],
    extraCurrencyShare: 0,
    timeZone: 'Asia/Tokyo',
    locale: 'ja',
    orderShare: 0.35,
    categories: ['日本語', 'プログラミング', 'デザイン', 'ビジネス', '料理', '音楽', '資格'],
    tags: ['初心者', '中級', '上級', '人気', '新着', '修了証', '実践', 'ライブ'],
    courseTitles: [
      'はじめての日本語文法', 'JLPT N3 合格講座', 'JLPT N2 読解対策', 'ビジネス日本語の敬語', 'Python入門', 'JavaScript基礎',
      'Webデザイン実践', 'Figmaで作るUI', 'Excel業務効率化', 'プレゼンテーションの技術', 'マーケティング入門', 'SNS運用講座',
      '家庭料理の基本', '和菓子づくり', 'パン作り入門', 'ギター初級', 'ピアノで弾く名曲', 'ボイストレーニング',
      '簿記3級合格講座', 'FP3級対策', 'TOEIC 600点突破', '英会話フレーズ100', '写真撮影の基本', '動画編集入門',
      '書道の基礎', '茶道入門', 'ライティング講座', 'データ分析入門', 'AI活用術', 'マインドフルネス瞑想',
      'ヨガ基礎', '副業の始め方', '投資の基本', 'イラスト入門', '起業準備講座',
    ],
    sectionTitles: ['オリエンテーション', '基礎編', '応用編', '演習', '実践編', 'よくある間違い', '発展編', 'ケーススタディ', '総まとめ', '修了課題'],
    lecturePrefix: '第',
    firstNames: JA_FIRST,
    lastNames: JA_LAST,
    coursePrices: [3800, 4800, 6800, 9800, 12800, 14800, 19800, 29800, 39800],
    minorPerUnit: 1,
  },
];

export const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example'];

export const LECTURER_BIOS_EN = ['Practitioner with fifteen years in the field.', 'Former agency lead, now teaching full time.', 'Author and conference speaker.', 'Award-winning creator and mentor.', 'Engineer turned educator.'];
export const LECTURER_BIOS_JA = ['現場経験15年の講師です。', '元制作会社ディレクター。', '書籍の執筆や講演も行っています。', '受賞歴のあるクリエイター。', 'エンジニア出身の教育者。'];

export const ATTACHMENT_KINDS = ['video', 'audio', 'pdf', 'image', 'embed', 'text'] as const;
