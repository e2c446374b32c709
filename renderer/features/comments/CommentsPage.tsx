// The comments inbox: learners' recent comments on courses, lectures and posts, unanswered first (no reply
// from the school's staff in the thread after it; docs/business-api.md), each with where it was posted and
// a link to answer it on the school's site. Read only: the platform lets apps read comments, not write them.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { InboxComment } from '../../../shared/model/comments';
import { Page } from '../../components/Page';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { invoke, useInvokeQuery } from '../../lib/bridge-hooks';
import { useActiveAccount } from '../../state/active-account';
import { DashboardFrame } from '../common/DashboardFrame';
import { FigureAge } from '../common/FigureAge';
import { QueryState } from '../common/QueryState';
import { useLocale } from '../common/use-locale';
import { formatCount, formatDateTime, type Locale } from '../../lib/format';
import { filterComments, filtersOf, paramsOf, WHERE_OPTIONS, type Show, type Where } from './comment-filters';
import '../events/events.css';

const PLACE_WORDS: Record<InboxComment['where']['kind'], string> = { course: 'course', lecture: 'lecture', post: 'post' };

export function CommentsPage() {
  return (
    <DashboardFrame dashboard="comments">
      <CommentsInboxPage />
    </DashboardFrame>
  );
}

function CommentsInboxPage() {
  const account = useActiveAccount();
  const locale = useLocale();
  const query = useInvokeQuery('comments.inbox', { accountId: account?.id ?? '' }, { enabled: account !== null });
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const setFilters = (next: { show: Show; where: Where }) => setParams(paramsOf(next), { replace: true });
  return (
    <Page title="Comments" description="What learners said on your courses, lectures and posts: unanswered first." meta={<FigureAge answer={query.data} />}>
      <QueryState query={query} what="the comments inbox" label="the comments">
        {(answer) => {
          const inbox = answer.data;
          if (!inbox.offered) {
            return (
              <EmptyState title="This school's platform does not offer comments" icon="info">
                Its API has no comments to show, so there is nothing to answer here.
              </EmptyState>
            );
          }
          const unanswered = inbox.comments.filter((c) => c.unanswered).length;
          const shown = filterComments(inbox.comments, filters);
          return (
            <Card flush title={`Inbox (${formatCount(unanswered, locale.locale)} unanswered)`} data-testid="comments-inbox">
              <p className="comments-readonly" data-testid="comments-readonly">
                <Icon name="info" size={14} /> <strong>No Reply button here:</strong> your platform lets apps read comments but not write them, so you answer each one on your
                school's site with <strong>Answer on your site</strong>.
                {!inbox.knowsStaff && ' Your platform does not say which comments come from your staff, so every comment counts as unanswered.'}
              </p>
              <div className="comment-filters">
                <div className="chips" role="group" aria-label="Show">
                  {(['all', 'unanswered'] as const).map((show) => (
                    <button key={show} type="button" className={`chip${filters.show === show ? ' is-on' : ''}`} aria-pressed={filters.show === show} onClick={() => setFilters({ ...filters, show })}>
                      {show === 'all' ? `All (${formatCount(inbox.comments.length, locale.locale)})` : `Unanswered (${formatCount(unanswered, locale.locale)})`}
                    </button>
                  ))}
                </div>
                <div className="chips" role="group" aria-label="Where">
                  {WHERE_OPTIONS.map((o) => (
                    <button key={o.value} type="button" className={`chip${filters.where === o.value ? ' is-on' : ''}`} aria-pressed={filters.where === o.value} onClick={() => setFilters({ ...filters, where: o.value })}>
                      {o.label}
                    </button>
                  ))}
                </div>
              </div>
              {shown.length === 0 ? (
                inbox.comments.length === 0 ? (
                  <EmptyState title="No comments yet" icon="inbox">Comments learners write on your courses, lectures and posts show here.</EmptyState>
                ) : (
                  <EmptyState title={filters.show === 'unanswered' ? 'Nothing waiting for an answer' : 'No comments here'} icon="check">
                    {filters.show === 'unanswered' ? 'Every comment of this kind has a reply from your staff.' : 'Try another place.'}
                  </EmptyState>
                )
              ) : (
                <ul className="comment-list" aria-label="Comments" data-testid="comment-list">
                  {shown.map((c) => (
                    <CommentItem key={c.id} comment={c} locale={locale} />
                  ))}
                </ul>
              )}
            </Card>
          );
        }}
      </QueryState>
    </Page>
  );
}

function CommentItem({ comment: c, locale }: { comment: InboxComment; locale: Locale }) {
  const { t } = useTranslation('comments');
  const place = `${PLACE_WORDS[c.where.kind]} ${c.where.title ? `“${c.where.title}”` : c.where.id}`;
  return (
    <li className="comment-item" data-comment-id={c.id} data-unanswered={c.unanswered} data-where={c.where.kind}>
      <div className="comment-head">
        <span className="comment-author">{c.authorName}</span>
        <span className="comment-where">
          {c.isReply ? 'replied on' : 'on'} {place}
        </span>
        <time className="comment-where" dateTime={c.createdAt}>
          {formatDateTime(c.createdAt, locale)}
        </time>
      </div>
      <p className="comment-body">{c.body}</p>
      <div className="comment-side">
        {c.unanswered ? <span className="badge badge-warning">Unanswered</span> : <span className="comment-answered">Answered by {c.answeredBy}</span>}
        {c.url ? (
          <a
            className="link-button"
            href={c.url}
            target="_blank"
            rel="noreferrer"
            aria-label={t('answerLabel', { author: c.authorName, place })}
            onClick={(event) => {
              event.preventDefault();
              invoke('app.openExternal', { url: c.url! }).catch(() => undefined);
            }}
          >
            {t('answer')} <Icon name="external" size={14} />
          </a>
        ) : (
          <span className="comment-answered">No link from the platform</span>
        )}
      </div>
    </li>
  );
}
