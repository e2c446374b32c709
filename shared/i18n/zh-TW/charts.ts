// The charts area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { charts as en } from '../en/charts';
import type { OneFormTranslation } from '../translation';

export const charts: OneFormTranslation<typeof en> = {
  showChart: '顯示圖表',
  showTable: '顯示表格',
  tableLabel: '{{title}}（表格）',
  soFar: '進行中',
  noValue: '–',
  summary: {
    noData: '{{title}}：沒有資料。',
    points_other: '{{title}}：共 {{count}} 個資料點。',
    pointsSpan_other: '{{title}}：共 {{count}} 個資料點，從 {{first}} 到 {{last}}。',
    noValues: '{{series}}：沒有數值。',
    range: '最高 {{high}}（{{highAt}}），最低 {{low}}（{{lowAt}}）。',
    seriesRange: '{{series}}：最高 {{high}}（{{highAt}}），最低 {{low}}（{{lowAt}}）。',
  },
};
