// The platform adapter for the subscriptions the data engine syncs: listSubscriptions in cursor pages of 1,000
// (the platform offers no updated_since here, so every sync is a full one), read into batches of the app's
// model (shared/model/analytics.ts SubscriptionRecord): the engine never sees the platform's payload.
import { AppError } from '../../../shared/errors';
import type { SubscriptionRecord } from '../../../shared/model/analytics';
import { pageOf, Subscription } from '../../../shared/platform/resources';
import type { PageRequest } from './page-request';
import { toSubscriptionRecord } from './analytics-platform';
import type { FeedPosition } from './orders-feed';

const SubscriptionPage = pageOf(Subscription);

interface SubscriptionsBatch {
  subscriptions: SubscriptionRecord[];
  total: number;
  next: FeedPosition;
}

export function subscriptionsBatchRequest(accountId: string, position: FeedPosition): PageRequest {
  return { accountId, operation: 'listSubscriptions', query: { limit: 1000, ...(position ? { cursor: position } : {}) } };
}

export function readSubscriptionsBatch(raw: unknown): SubscriptionsBatch {
  const parsed = SubscriptionPage.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('bad_response', `The platform sent subscriptions the app does not understand (at ${issue?.path.join('.') || '(the page)'}: ${issue?.code ?? 'invalid'}).`);
  }
  const { data, meta } = parsed.data;
  return { subscriptions: data.map(toSubscriptionRecord), total: meta.total, next: data.length === 0 ? null : meta.next_cursor };
}
