// Lumen Academy: an English-language school in New York selling in USD, with some EUR to European learners.
import { blackFriday, titles, type SchoolProfile } from './profile';

const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'James', 'Isabella', 'Lucas', 'Mia', 'Mason', 'Amelia', 'Ethan', 'Harper', 'Logan', 'Evelyn', 'Aiden', 'Abigail', 'Jackson', 'Emily', 'Sebastian', 'Ella', 'Mateo', 'Chloe', 'Henry', 'Grace', 'Leo', 'Zoe', 'Owen', 'Nora', 'Daniel', 'Lily', 'Samuel', 'Hannah', 'David', 'Aria', 'Julian', 'Layla', 'Gabriel', 'Lea', 'Lukas', 'Marie', 'Jonas', 'Sofia', 'Hugo', 'Camille', 'Matteo', 'Giulia', 'Lars', 'Ingrid', 'Pablo', 'Lucia', 'Priya', 'Arjun', 'Wei', 'Mei', 'Kwame', 'Amara', 'Diego'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Hill', 'Campbell', 'Mitchell', 'Carter', 'Müller', 'Schmidt', 'Dubois', 'Rossi', 'Jansen', 'Novak', 'Kowalski', 'Fernández', 'Silva', 'Nielsen', 'Patel', 'Chen', 'Okafor', 'Mensah', 'Costa'];

/** Cents to the dollar below: $79 → $78.99 style price points. */
const charm = (minor: number) => Math.round(minor / 100) * 100 - 1;

export const LUMEN: SchoolProfile = {
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
  firstNames: FIRST.map((n) => [n, n.toLowerCase()] as const),
  lastNames: LAST.map((n) => [n, n.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '')] as const),
  personName: (first, last) => `${first} ${last}`,
  coursePrices: [49, 59, 79, 99, 129, 149, 199, 249, 299],
  minorPerUnit: 100,
  pricing: {
    round: charm,
    monthly: (base) => Math.max(900, Math.round(base / 6 / 100) * 100) - 1,
    extra: (base) => Math.max(100, Math.round((base * 0.93) / 100) * 100),
  },
  // Busier in winter, a summer dip in August.
  season: (_date, dayOfYear) => 1 + 0.14 * Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365.25) - 0.12 * Math.exp(-(((dayOfYear - 215) / 20) ** 2)),
  hours: [0.3, 0.2, 0.15, 0.1, 0.1, 0.15, 0.3, 0.6, 0.9, 1.1, 1.2, 1.2, 1.3, 1.2, 1.1, 1.1, 1.2, 1.3, 1.5, 1.7, 1.8, 1.6, 1.1, 0.6],
  paymentMethods: [['credit_card', 70], ['paypal', 20], ['apple_pay', 10]],
  evergreenCoupons: [
    { code: 'WELCOME10', kind: 'percent', off: 10, currency: null, startDay: 0, endDay: null, usageLimit: null, state: 'active', description: 'Welcome offer: 10% off a first course' },
    { code: 'FRIEND15', kind: 'percent', off: 15, currency: null, startDay: 100, endDay: null, usageLimit: null, state: 'active', description: 'Referral: 15% off for a friend' },
    { code: 'SAVE20', kind: 'fixed', off: 2000, currency: 'USD', startDay: 200, endDay: null, usageLimit: 3000, state: 'active', description: '$20 off any order' },
    { code: 'EURO10', kind: 'fixed', off: 1000, currency: 'EUR', startDay: 150, endDay: null, usageLimit: null, state: 'active', description: '€10 off for learners in Europe' },
    { code: 'VIP30', kind: 'percent', off: 30, currency: null, startDay: 300, endDay: null, usageLimit: 50, state: 'active', description: 'VIP students: 30% off (50 uses)' },
    { code: 'SPRING25', kind: 'percent', off: 25, currency: null, startDay: 40, endDay: 200, usageLimit: 800, state: 'disabled', description: 'Spring sale: 25% off (ended)' },
  ],
  sales: (y) => [
    { code: `NEWYEAR${y}`, percent: 25, start: [1, 1], end: [1, 8], description: `New Year sale ${y}: 25% off everything` },
    { code: `SUMMER${y}`, percent: 30, start: [7, 10], end: [7, 17], description: `Summer sale ${y}: 30% off` },
    { code: `BLACKFRIDAY${y}`, percent: 40, start: [11, blackFriday(y)], end: [11, blackFriday(y) + 4], description: `Black Friday ${y}: 40% off` },
  ],
  words: {
    studentTags: ['newsletter', 'vip', 'b2b', 'scholarship', 'alumni', 'beta-tester'],
    lecturerBios: ['Practitioner with fifteen years in the field.', 'Former agency lead, now teaching full time.', 'Author and conference speaker.', 'Award-winning creator and mentor.', 'Engineer turned educator.'],
    lectureTitle: (n, section, part) => `Lesson ${n}: ${section} part ${part}`,
    attachmentName: (kind, lecture, n) => `${kind}-${lecture}-${n}`,
    plans: { free: 'Free', lifetime: 'Lifetime access', extraLifetime: (currency) => `Lifetime access (${currency})`, monthly: 'Monthly access', specificLength: '12-month access', groupBuy: 'Group buy', fixedDate: 'Cohort (fixed dates)', preOrder: 'Pre-order' },
    membershipItem: (plan, interval) => `${plan} (${interval ?? 'lifetime'})`,
    membershipPlans: [
      { name: 'All-Access', kind: 'recurring', currency: 'USD', prices: [{ interval: 'month', amount: 2900 }, { interval: 'year', amount: 29000 }] },
      { name: 'Creator Club', kind: 'recurring', currency: 'USD', prices: [{ interval: 'month', amount: 1500 }, { interval: 'day', amount: 199 }] },
      { name: 'All-Access (EU)', kind: 'recurring', currency: 'EUR', prices: [{ interval: 'month', amount: 2700 }, { interval: 'year', amount: 27000 }] },
      { name: 'Lifetime Pass', kind: 'lifetime', currency: 'USD', prices: [{ interval: null, amount: 49900 }] },
    ],
    digitalProducts: ['Lightroom Preset Pack', 'UI Kit for Figma', 'E-book: Learn Faster', 'Practice Workbook', 'Icon Set', 'Project Templates', 'Cheat Sheet Bundle', 'Stock Audio Pack'],
    digitalProductPrices: [900, 1500, 1900, 2900, 3900],
    orderBump: (name) => `${name} (add-on)`,
    meetings: [['1:1 Mentoring (60 min)', 12000], ['Portfolio review (30 min)', 6500]],
    eventTitles: ['Live Q&A', 'Portfolio Workshop', 'Community Meetup', 'Masterclass', 'Open Studio', 'Career Night'],
    ticketTiers: [['General', 2500], ['VIP', 9900], ['Early bird', 1500]],
    postTitles: ['New course announcement', 'How to keep learning every day', 'Student spotlight', 'Holiday schedule', 'Our biggest sale of the year', 'Meet the instructors', 'Frequently asked questions', 'What our graduates say'],
    postCategories: ['Announcements', 'Learning tips', 'Student stories', 'Behind the scenes'],
    learnerComments: ['This was really clear, thank you!', 'I have a question about this part.', 'Great explanation.', 'Looking forward to the next one.', 'Where can I download the files?'],
    staffReply: 'Thanks for asking! Here is how it works.',
    forms: ['Course feedback survey', 'Contact us', 'Team training enquiry', 'Event registration', 'Scholarship application'],
    pages: [['Home', '/'], ['About us', '/about'], ['FAQ', '/faq'], ['Terms of service', '/terms'], ['Privacy policy', '/privacy'], ['Contact', '/contact'], ['Summer sale landing', '/sale/summer']],
    appearance: { theme: 'lumen-light', primary_color: '#2f6fde' },
  },
};
