// The orders area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/orders.ts.
export const orders = {
  /** The totals of the filtered orders (docs/business-api.md, "Orders totals"). */
  totals: {
    note: 'Amounts count only the orders sold: paid, refunding or refunded.',
    whole: 'Whole orders, {{currency}}',
    counts_one: '{{shown}} order, {{sold}} sold',
    counts_other: '{{shown}} orders, {{sold}} sold',
    courseOnly: '{{course}} only, {{currency}}',
    thisCourse: 'This course',
    courseOrders_one: 'its items in {{shown}} order sold',
    courseOrders_other: 'its items in {{shown}} orders sold',
    paid: 'Paid',
    discounts: 'Discounts',
    refunded: 'Refunded',
    net: 'Net',
    gross: 'Gross',
    refunds: 'Refunds',
  },
  /** Today's links: orders changed at or after an instant. */
  changedFrom: 'Changed since {{date}}',
  changedFromRemove: 'Remove the “changed since” filter',
};
