// The charts area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/charts.ts.
export const charts = {};
