// The writes area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/writes.ts.
export const writes = {
  // What a row of the exported activity log is, for "Saved 12 entries to …".
  activityRow: 'entry',
  activityRows: 'entries',
};
