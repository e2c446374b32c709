// The analytics area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/analytics.ts.
export const analytics = {
  views: {
    sales: 'Sales in the range, against the period before and, for ranges under a year, the same days last year.',
    subscriptions: 'MRR and subscribers as of now; new and churned subscribers and the churn rate in the range, against the period before.',
    learning: 'Enrollments and completions in the range, against the period before; students active in the 30 days up to its end.',
  },
  tiles: {
    churnRate: 'Churn rate',
  },
  lastYearNone: 'none in {{days}}',
};
