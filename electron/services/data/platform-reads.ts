// What the dashboards still ask the platform directly, one function per answer. Courses moved to
// electron/services/platform/courses-platform.ts and the sales and subscriptions analytics to
// analytics-platform.ts; what is left here moves to its own area's adapter next.
import type { CourseOrdersPage } from '../../../shared/ipc/data';
import { LearningReport, Order, pageOf } from '../../../shared/platform/resources';
import type { PlatformCaller } from '../api/platform-caller';
import { rangeQuery, type RangeInput } from '../platform/courses-platform';

export type { RangeInput };

export async function readCourseOrders(
  caller: PlatformCaller,
  accountId: string,
  input: { courseId: string; limit: number; cursor?: string | undefined },
  signal: AbortSignal,
): Promise<CourseOrdersPage> {
  const page = await caller.call(accountId, 'listOrders', pageOf(Order), {
    query: { course_id: input.courseId, limit: input.limit, cursor: input.cursor, sort: '-paid_at' },
    signal,
  });
  return { rows: page.data, total: page.meta.total, nextCursor: page.meta.next_cursor };
}

export async function readLearningReport(caller: PlatformCaller, accountId: string, input: RangeInput, signal: AbortSignal): Promise<LearningReport> {
  return caller.call(accountId, 'getLearningReport', LearningReport, { query: rangeQuery(input), signal });
}

export async function readOrder(caller: PlatformCaller, accountId: string, orderId: string, signal: AbortSignal): Promise<Order> {
  return caller.call(accountId, 'getOrder', Order, { path: { order_id: orderId }, signal });
}
