// The comments area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/comments.ts.
export const comments = {
  // The visible words first (WCAG 2.5.3), then whose comment and where.
  answer: 'Answer on your site',
  answerLabel: 'Answer on your site: {{author}} ({{place}})',
};
