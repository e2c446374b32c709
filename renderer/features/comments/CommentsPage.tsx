// The comments inbox: learners' recent comments on courses, lectures and posts, unanswered first (no reply
// from the school's staff in the thread after it; docs/business-api.md), each with where it was posted and
// a link to answer it on the school's site. Read only: the platform lets apps read comments, not write them.
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { t as translate } from '../../../shared/i18n/i18n';
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
import { keyAccountId } from '../../data/query-keys';
import { readAgain } from '../../data/read-again';
import { needsAnswer } from '../../../shared/model/today-needs';
import { filterComments, filtersOf, paramsOf, WHERE_OPTIONS, type Show, type Where } from './comment-filters';
import '../events/events.css';

const SHOWS: readonly Show[] = ['all', 'unanswered'];

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
  const { t } = useTranslation('comments');
  const query = useInvokeQuery('comments.inbox', { accountId: account?.id ?? '' }, { enabled: account !== null });
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const setFilters = (next: { show: Show; where: Where }) => setParams(paramsOf(next), { replace: true });
  return (
    <Page title={t('title')} description={t('description')} meta={<FigureAge answer={query.data} />}>
      <QueryState query={query} what={t('what')} label={t('label')}>
        {(answer) => {
          const inbox = answer.data;
          if (!inbox.offered) {
            return (
              <EmptyState title={t('notOffered.title')} icon="info">
                {t('notOffered.body')}
              </EmptyState>
            );
          }
          const unanswered = inbox.comments.filter(needsAnswer).length;
          const shown = filterComments(inbox.comments, filters);
          return (
            <Card flush title={t('inbox', { n: formatCount(unanswered, locale.locale) })} data-testid="comments-inbox">
              <p className="comments-readonly" data-testid="comments-readonly">
                <Icon name="info" size={14} /> <strong>{t('readOnly.lead')}</strong> <Trans t={t} i18nKey="readOnly.body" components={{ strong: <strong /> }} />
                {!inbox.knowsStaff && ` ${t('readOnly.noStaff')}`}
              </p>
              <div className="comment-filters">
                <div className="chips" role="group" aria-label={t('filters.show')}>
                  {SHOWS.map((show) => (
                    <button key={show} type="button" className={`chip${filters.show === show ? ' is-on' : ''}`} aria-pressed={filters.show === show} onClick={() => setFilters({ ...filters, show })}>
                      {show === 'all' ? t('filters.all', { n: formatCount(inbox.comments.length, locale.locale) }) : t('filters.unanswered', { n: formatCount(unanswered, locale.locale) })}
                    </button>
                  ))}
                </div>
                <div className="chips" role="group" aria-label={t('filters.where')}>
                  {WHERE_OPTIONS.map((where) => (
                    <button key={where} type="button" className={`chip${filters.where === where ? ' is-on' : ''}`} aria-pressed={filters.where === where} onClick={() => setFilters({ ...filters, where })}>
                      {t(`filters.${where}`)}
                    </button>
                  ))}
                </div>
              </div>
              {shown.length === 0 ? (
                inbox.comments.length === 0 ? (
                  <EmptyState title={t('empty.none')} icon="inbox">{t('empty.noneHint')}</EmptyState>
                ) : (
                  <EmptyState title={filters.show === 'unanswered' ? t('empty.nothingWaiting') : t('empty.noneHere')} icon="check">
                    {filters.show === 'unanswered' ? t('empty.nothingWaitingHint') : t('empty.noneHereHint')}
                  </EmptyState>
                )
              ) : (
                <ul className="comment-list" aria-label={t('list')} data-testid="comment-list">
                  {shown.map((c) => (
                    <CommentItem key={c.id} comment={c} locale={locale} t={t} accountId={account!.id} />
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

/** The admin's "handled" mark: kept by the main process per school; the inbox and Today read again at once. */
function HandledToggle({ comment: c, accountId }: { comment: InboxComment; accountId: string }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      await invoke('comments.setHandled', { accountId, commentId: c.id, handled: !c.handled });
      await readAgain(client, { predicate: (q) => (q.queryKey[0] === 'comments.inbox' || q.queryKey[0] === 'data.today') && keyAccountId(q.queryKey) === accountId });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const label = translate(c.handled ? 'today:comments.notHandledLabel' : 'today:comments.markHandledLabel', { author: c.authorName });
  const words = translate(c.handled ? 'today:comments.notHandled' : 'today:comments.markHandled');
  return (
    <>
      <button type="button" className="link-button" disabled={busy} onClick={() => void toggle()} aria-label={label}>
        {words}
      </button>
      {error && <span className="field-error" role="alert">{error}</span>}
    </>
  );
}

function CommentItem({ comment: c, locale, t, accountId }: { comment: InboxComment; locale: Locale; t: TFunction<'comments'>; accountId: string }) {
  const place = t(`place.${c.where.kind}`, { title: c.where.title ?? c.where.id });
  const handled = { words: translate('today:comments.handled'), hint: translate('today:comments.handledHint') };
  return (
    <li className="comment-item" data-comment-id={c.id} data-unanswered={c.unanswered} data-handled={c.handled === true} data-where={c.where.kind}>
      <div className="comment-head">
        <span className="comment-author">{c.authorName}</span>
        <span className="comment-where">
          {c.isReply ? t('repliedOn', { place }) : t('on', { place })}
        </span>
        <time className="comment-where" dateTime={c.createdAt}>
          {formatDateTime(c.createdAt, locale)}
        </time>
      </div>
      <p className="comment-body">{c.body}</p>
      <div className="comment-side">
        {c.unanswered && c.handled ? (
          <span className="badge badge-positive" title={handled.hint}>{handled.words}</span>
        ) : c.unanswered ? (
          <span className="badge badge-warning">{t('unanswered')}</span>
        ) : (
          <span className="comment-answered">{t('answeredBy', { name: c.answeredBy })}</span>
        )}
        {c.unanswered && <HandledToggle comment={c} accountId={accountId} />}
        {c.url ? (
          <a
            className="link-button"
            href={c.url}
            target="_blank"
            rel="noreferrer"
            aria-label={t('answerLabel', { name: c.authorName, place })}
            onClick={(event) => {
              event.preventDefault();
              invoke('app.openExternal', { url: c.url! }).catch(() => undefined);
            }}
          >
            {t('answer')} <Icon name="external" size={14} />
          </a>
        ) : (
          <span className="comment-answered">{t('noLink')}</span>
        )}
      </div>
    </li>
  );
}
