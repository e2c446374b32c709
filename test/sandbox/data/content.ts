// The words the demo schools are made of: names, course titles, section titles, per language.
// Japanese names carry a romanisation for the e-mail address.

interface CourseTitle {
  title: string;
  categories: readonly [string, ...string[]];
}

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
  /** Each course title with the categories it belongs to (its first is its main one), from `categories`. */
  courseTitles: CourseTitle[];
  /** In the order a course teaches them: a course takes some of these and keeps this order. */
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

function titles(byTitle: Record<string, readonly [string, ...string[]]>): CourseTitle[] {
  return Object.entries(byTitle).map(([title, categories]) => ({ title, categories }));
}

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
    categories: ['Design', 'Development', 'Photo & Video', 'Marketing', 'Business', 'Music & Audio', 'Writing'],
    tags: ['beginner', 'intermediate', 'advanced', 'bestseller', 'new', 'certificate', 'project-based', 'live-q&a'],
    courseTitles: titles({
      'UI Design Fundamentals': ['Design'], 'Figma from Zero to Prototype': ['Design'], 'Design Systems in Practice': ['Design', 'Development'],
      'Typography That Works': ['Design'], 'Modern JavaScript': ['Development'], 'TypeScript for Teams': ['Development'],
      'React the Practical Way': ['Development'], 'Node.js APIs': ['Development'], 'SQL for Analysts': ['Development', 'Business'],
      'Python for Data Work': ['Development'], 'Machine Learning Basics': ['Development'], 'Portrait Photography': ['Photo & Video'],
      'Street Photography Walks': ['Photo & Video'], 'Lightroom Editing Masterclass': ['Photo & Video'], 'Landscape Photography': ['Photo & Video'],
      'Email Marketing That Converts': ['Marketing'], 'SEO Without the Jargon': ['Marketing'], 'Social Media Strategy': ['Marketing'],
      'Copywriting for the Web': ['Writing', 'Marketing'], 'Start Your Online Business': ['Business'], 'Pricing Your Product': ['Business', 'Marketing'],
      'Bookkeeping for Freelancers': ['Business'], 'Leadership for New Managers': ['Business'], 'Guitar for Absolute Beginners': ['Music & Audio'],
      'Music Theory Made Simple': ['Music & Audio'], 'Home Recording Studio': ['Music & Audio'], 'Songwriting Workshop': ['Music & Audio', 'Writing'],
      'Write Your First Novel': ['Writing'], 'Business Writing Clarity': ['Writing', 'Business'], 'Public Speaking Confidence': ['Business'],
      'Excel Power User': ['Business'], 'Product Management Essentials': ['Business'], 'Color Theory for Designers': ['Design'],
      'Illustration with Procreate': ['Design'], 'Video Editing with DaVinci Resolve': ['Photo & Video'], 'Podcasting from Scratch': ['Music & Audio', 'Marketing'],
      'Personal Finance 101': ['Business'], 'Data Visualization Stories': ['Development', 'Design'], 'Accessibility for Designers': ['Design'],
      'Git and GitHub Confidence': ['Development'],
    }),
    sectionTitles: ['Welcome and setup', 'Foundations', 'Core techniques', 'Common mistakes', 'Putting it together', 'Going deeper', 'Advanced topics', 'Case studies', 'Real-world project', 'Final project and next steps'],
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
