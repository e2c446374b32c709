// The orders area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/orders.ts.
export const orders = {
  // Said before the code in the Discount cell, where the coupon that gave the discount is shown.
  coupon: 'Coupon',
};
