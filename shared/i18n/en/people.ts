// The people area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/people.ts.
export const people = {
  // What a row of the exported stalled-learner list is, for "Saved 12 learners to …".
  stalledRow: 'learner',
  stalledRows: 'learners',
};
