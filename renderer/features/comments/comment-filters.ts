// The inbox's filters, kept in the page's address (?show=unanswered&where=lecture) so a reload keeps them.
import type { CommentPlace, InboxComment } from '../../../shared/model/comments';
import { needsAnswer } from '../../../shared/model/today-needs';

export type Show = 'all' | 'unanswered';
export type Where = 'any' | CommentPlace;

/** The places in the order the chips show them (their words: comments:filters.<value>). */
export const WHERE_OPTIONS: readonly Where[] = ['any', 'course', 'lecture', 'post'];

export function filtersOf(params: URLSearchParams): { show: Show; where: Where } {
  const show = params.get('show') === 'unanswered' ? 'unanswered' : 'all';
  const raw = params.get('where');
  const where = WHERE_OPTIONS.some((o) => o === raw) ? (raw as Where) : 'any';
  return { show, where };
}

export function paramsOf(filters: { show: Show; where: Where }): Record<string, string> {
  return { ...(filters.show === 'unanswered' ? { show: 'unanswered' } : {}), ...(filters.where !== 'any' ? { where: filters.where } : {}) };
}

/** The inbox's order (unanswered first, newest first) is kept; filters only leave comments out. */
export function filterComments(comments: readonly InboxComment[], filters: { show: Show; where: Where }): InboxComment[] {
  return comments.filter((c) => (filters.show === 'all' || needsAnswer(c)) && (filters.where === 'any' || c.where.kind === filters.where));
}
