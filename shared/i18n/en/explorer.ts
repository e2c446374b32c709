// The explorer area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/explorer.ts.
export const explorer = {};
