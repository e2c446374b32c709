// The comments area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/comments.ts.
export const comments = {};
