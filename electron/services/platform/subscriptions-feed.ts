// The platform adapter for the subscriptions the data engine syncs: listSubscriptions in cursor pages of 1,000
// (the platform offers no updated_since here, so every sync is a full one), read into batches of the app's
// model (shared/model/analytics.ts SubscriptionRecord): the engine never sees the platform's payload.
import type { SubscriptionRecord } from '../../../shared/model/analytics';
import { pageOf, Subscription } from '../../../shared/platform/resources';
import { peekNextCursor, untimed, type FeedPage, type FeedReader, type FeedWalk, type StepTimer } from './list-feed';
import type { PageRequest } from './page-request';
import { toSubscriptionRecord } from './analytics-platform';
import { readPage } from './read-page';

const SubscriptionPage = pageOf(Subscription);

interface SubscriptionsBatch extends FeedPage {
  subscriptions: SubscriptionRecord[];
}

function listSubscriptions(accountId: string, cursor?: string): PageRequest {
  return { accountId, operation: 'listSubscriptions', query: { limit: 1000, ...(cursor ? { cursor } : {}) } };
}

export function subscriptionsWalk(accountId: string): FeedWalk {
  return { first: listSubscriptions(accountId), at: (cursor) => listSubscriptions(accountId, cursor) };
}

function readSubscriptionsBatch(body: unknown, timer: StepTimer = untimed): SubscriptionsBatch {
  const { data, meta } = readPage(SubscriptionPage, body, 'subscriptions', timer);
  return timer.time('map', () => ({ subscriptions: data.map(toSubscriptionRecord), total: meta.total, next: data.length === 0 ? null : meta.next_cursor }));
}

export const subscriptionsReader: FeedReader<SubscriptionsBatch> = { read: readSubscriptionsBatch, peekNext: peekNextCursor };
