// The exports area's strings in English (docs/ui.md, "Language"): the CSV files' headers, written in the UI
// language of the export. Its 繁體中文 twin is ../zh-TW/exports.ts.
export const exports = {
  orders: {
    tradeNumber: 'Trade number',
    state: 'State',
    createdAt: 'Created at ({{zone}})',
    paidAt: 'Paid at ({{zone}})',
    buyer: 'Buyer',
    buyerEmail: 'Buyer email',
    paymentMethod: 'Payment method',
    items: 'Items',
    coupon: 'Coupon',
    currency: 'Currency',
    original: 'Original',
    discount: 'Discount',
    paid: 'Paid',
    refunded: 'Refunded',
    net: 'Net',
    /** With a course filter, that course's share of each order (docs/business-api.md, "Orders totals"). */
    courseOriginal: 'Course share: original',
    courseDiscount: 'Course share: discount',
    coursePaid: 'Course share: paid',
    courseRefunded: 'Course share: refunded',
    courseNet: 'Course share: net',
  },
  students: {
    name: 'Name',
    email: 'Email',
    tags: 'Tags',
    courses: 'Courses',
    lastActive: 'Last active ({{zone}})',
    joined: 'Joined ({{zone}})',
    stalled: 'Stalled courses',
  },
};
