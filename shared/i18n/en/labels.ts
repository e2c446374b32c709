// The words for states and permissions that shared/ gives every caller (shared/state-labels.ts,
// shared/scopes.ts): badges, filters, CSV columns, the palette, the permission prompts. English; the 繁體中文
// twin is ../zh-TW/labels.ts.
export const labels = {
  orderState: {
    notPaid: 'Not paid',
    paid: 'Paid',
    expired: 'Expired',
    failed: 'Failed',
    manuallyEnrolled: 'Manually enrolled',
    refunded: 'Refunded',
    refunding: 'Refunding',
  },
  paymentMethod: {
    creditCard: 'Credit card',
    atm: 'ATM transfer',
    convenienceStore: 'Convenience store',
    paypal: 'PayPal',
    linePay: 'LINE Pay',
    applePay: 'Apple Pay',
    free: 'Free',
  },
  courseState: { draft: 'Draft', published: 'Published', hidden: 'Hidden' },
  subscriptionState: { active: 'Active', incomplete: 'Incomplete', trialing: 'Trialing', past_due: 'Past due', canceled: 'Canceled', expired: 'Expired' },
  interval: { day: 'day', month: 'month', year: 'year' },
  /** Keyed by the scope's resource, then its access: "courses:read" is scopes.courses.read. */
  scopes: {
    openid: 'Confirm who you are (OpenID Connect sign-in)',
    profile: 'See your basic profile: name and picture',
    email: 'See your email address',
    courses: {
      read: 'See your courses, their prices and statistics',
      write: 'Change your courses, publish and unpublish them',
    },
    students: {
      read: 'See your students and their enrollments',
      write: 'Change your students',
    },
    members: {
      read: 'See your members',
      write: 'Change your members',
    },
    analytics: {
      read: 'See sales, learning and subscription analytics',
    },
    curriculum: {
      read: "See your courses' sections and lectures",
      write: "Change your courses' sections and lectures",
    },
    orders: {
      read: 'See your orders and payments',
    },
    school: {
      read: "See your school's settings",
      write: "Change your school's settings",
    },
    appearance: {
      read: "See your school's appearance",
      write: "Change your school's appearance",
    },
    events: {
      read: 'See your events and attendees',
      write: 'Change your events',
    },
    membership_plans: {
      read: 'See your membership plans',
      write: 'Change your membership plans',
    },
    coupons: {
      read: 'See your coupons and their redemptions',
      write: 'Create and disable coupons',
    },
    posts: {
      read: 'See your posts',
      write: 'Change your posts',
    },
    subscriptions: {
      read: 'See subscriptions and their payments',
      write: 'Change subscriptions',
    },
    digital_products: {
      read: 'See your digital products',
      write: 'Change your digital products',
    },
    comments: {
      read: 'See comments on your courses and posts',
    },
    lecturers: {
      read: 'See your lecturers',
      write: 'Change your lecturers',
    },
    storage: {
      write: 'Upload files to your school',
    },
    forms: {
      read: 'See your forms and their answers',
    },
    pages: {
      read: "See your school's pages",
      write: "Change your school's pages",
    },
    account: {
      read: 'See your account',
      write: 'Change your account',
    },
  },
};
