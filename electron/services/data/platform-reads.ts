// What the dashboards still ask the platform directly: the learning report. Courses live in
// electron/services/platform/courses-platform.ts, orders in orders-platform.ts and the sales and subscriptions
// analytics in analytics-platform.ts; this moves to its own area's adapter next.
import { LearningReport } from '../../../shared/platform/resources';
import type { PlatformCaller } from '../api/platform-caller';
import { rangeQuery, type RangeInput } from '../platform/courses-platform';

export type { RangeInput };

export async function readLearningReport(caller: PlatformCaller, accountId: string, input: RangeInput, signal: AbortSignal): Promise<LearningReport> {
  return caller.call(accountId, 'getLearningReport', LearningReport, { query: rangeQuery(input), signal });
}
