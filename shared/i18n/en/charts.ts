// The charts area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/charts.ts.
export const charts = {
  showChart: 'Show chart',
  showTable: 'Show table',
  tableLabel: '{{title}}, table',
  /** The shaded period still in progress (ChartSpec.partialFrom). */
  soFar: 'so far',
  noValue: '–',
  summary: {
    noData: '{{title}}: no data.',
    points_one: '{{title}}: {{count}} point.',
    points_other: '{{title}}: {{count}} points.',
    pointsSpan_one: '{{title}}: {{count}} point, from {{first}} to {{last}}.',
    pointsSpan_other: '{{title}}: {{count}} points, from {{first}} to {{last}}.',
    noValues: '{{series}}: no values.',
    range: 'highest {{high}} ({{highAt}}), lowest {{low}} ({{lowAt}}).',
    seriesRange: '{{series}}: highest {{high}} ({{highAt}}), lowest {{low}} ({{lowAt}}).',
  },
};
