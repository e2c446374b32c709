// The analytics area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/analytics.ts.
export const analytics = {
  subscriptions: {
    /** When the MRR tiles' figure is taken (docs/business-api.md, "MRR over the range"). */
    atNow: 'now',
    atEndOf: 'at the end of {{day}}',
    sinceStartOf: 'vs the start of {{day}}',
    started: 'started in the range',
    ended: 'ended in the range',
    chart: 'Subscribers ({{currency}}): new and churned in the range, past due and canceling now',
    mrrChart: { day: 'MRR at the end of each day ({{currency}})', week: 'MRR at the end of each week ({{currency}})', month: 'MRR at the end of each month ({{currency}})' },
  },
  learning: {
    enrollmentsHint: 'started in the range',
  },
  views: {
    sales: 'Sales in the range, against the period before and, for ranges under a year, the same days last year.',
    subscriptions: 'MRR and paying subscribers over the range, against its start; new and churned subscribers and the churn rate in the range, against the period before; past due and canceling as of now.',
    learning: 'Enrollments and completions in the range, against the period before; students active in the 30 days up to its end.',
  },
  tiles: {
    churnRate: 'Churn rate',
  },
  lastYearNone: 'none in {{days}}',
};
