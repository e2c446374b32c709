// The money area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/money.ts.
export const money = {
  coupons: {
    description: 'Every coupon, where it stands, and what the orders sold with it in the range brought, one currency at a time.',
    /** Where a coupon stands, from its switch, dates and limit (docs/business-api.md, "Coupons"). */
    status: { scheduled: 'Scheduled', active: 'Active', expired: 'Expired', used_up: 'Used up', disabled: 'Disabled' },
    columns: {
      coupon: 'Coupon',
      state: 'State',
      redemptions: 'Redemptions',
      redemptionsNote: 'orders sold in the range',
      net: 'Net revenue ({{currency}})',
      netNote: 'paid minus refunded',
      discount: 'Discount given ({{currency}})',
      return: 'Return',
      returnNote: 'net per unit of discount',
    },
    startsAt: 'from {{time}}',
    endsAt: 'until {{time}}',
    endedAt: 'ended {{time}}',
    allTime: '{{used}} all time',
    allTimeOfLimit: '{{used}} of {{limit}} all time',
    currency: 'Currency',
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
