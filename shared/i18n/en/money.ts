// The money area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/money.ts.
export const money = {
  coupons: {
    description: 'Every coupon with what the orders that used it brought.',
    currency: 'Currency',
    netIn: 'Net revenue ({{currency}})',
    discountIn: 'Discount given ({{currency}})',
  },
  newCoupon: {
    startsIn: 'Starts ({{zone}})',
    endsIn: 'Ends ({{zone}})',
    noSuchTime: 'is not a date and time that exists in {{zone}}',
  },
  subscriptions: {
    // The visible words first (WCAG 2.5.3: a voice user says what they see), then whose subscription.
    cancelAtPeriodEnd: 'Cancel at period end',
    cancelAtPeriodEndLabel: "Cancel at period end: {{member}}'s subscription",
    cancelNow: 'Cancel now',
    cancelNowLabel: "Cancel now: {{member}}'s subscription",
  },
};
