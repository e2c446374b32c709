// The chart code (ECharts) loads on first use, in its own chunk: the app's first screen (Connect, the
// Orders table) never waits for it.
import { lazy, Suspense } from 'react';
import type { ChartProps } from './Chart';

const ChartImpl = lazy(() => import('./Chart').then((m) => ({ default: m.Chart })));

export function Chart(props: ChartProps) {
  return (
    <Suspense fallback={<div className="chart__loading" style={{ height: (props.height ?? 260) + 40 }} aria-busy="true" aria-label={`${props.spec.title}, loading`} />}>
      <ChartImpl {...props} />
    </Suspense>
  );
}
