// What the palette says it searched: each local copy with its age, so an admin offline knows how old what they
// found is ("from the copy saved 2 h ago"). Pure (takes "now").
import type { SearchKind, SourceReport } from '../../../shared/model/search';
import { currentUiLocale } from '../../../shared/i18n/i18n';
import { describeAgo } from '../../lib/relative-time';

export const KIND_LABELS: Record<SearchKind | 'action' | 'recent', string> = {
  order: 'Orders',
  student: 'Students',
  course: 'Courses',
  coupon: 'Coupons',
  action: 'Actions',
  recent: 'Recent',
};

const PLURAL: Record<SearchKind, string> = { order: 'orders', student: 'students', course: 'courses', coupon: 'coupons' };

function ago(at: string, now: number): string {
  return describeAgo(Date.parse(at), now, currentUiLocale().locale);
}

export function describeSearched(sources: readonly SourceReport[], now: number, offline: boolean): string {
  const searched: string[] = [];
  const missing: string[] = [];
  for (const s of sources) {
    if (s.state === 'ok' && s.fetchedAt) searched.push(offline ? `${PLURAL[s.kind]} from the copy saved ${ago(s.fetchedAt, now)}` : `${PLURAL[s.kind]} ${s.kind === 'order' ? 'synced' : 'saved'} ${ago(s.fetchedAt, now)}`);
    else if (s.state === 'failed') missing.push(`${PLURAL[s.kind]} could not be read`);
    else missing.push(`${PLURAL[s.kind]} ${s.kind === 'order' ? 'not synced' : 'not saved'} yet`);
  }
  const first = searched.length > 0 ? `${offline ? 'Offline: searched' : 'Searched'} ${searched.join(', ')}` : offline ? 'Offline: nothing saved to search yet' : 'Nothing saved to search yet';
  return missing.length > 0 ? `${first}; ${missing.join(', ')}.` : `${first}.`;
}
