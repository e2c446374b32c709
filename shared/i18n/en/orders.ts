// The orders area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/orders.ts.
export const orders = {
  /** Today's links: orders changed at or after an instant. */
  changedFrom: 'Changed since {{date}}',
  changedFromRemove: 'Remove the “changed since” filter',
};
