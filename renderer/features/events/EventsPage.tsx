// Events: upcoming ones (or, one click away, the past ones) with tickets sold against capacity and their
// attendees; each opens its page (attendee list, edits). Every time is in the school's time zone, and
// says so. A platform without events gets a plain sentence, not an error.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { EventView } from '../../../shared/model/events';
import { Page } from '../../components/Page';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { useInvokeQuery } from '../../lib/bridge-hooks';
import { useActiveAccount } from '../../state/active-account';
import { DashboardFrame } from '../common/DashboardFrame';
import { FigureAge } from '../common/FigureAge';
import { QueryState } from '../common/QueryState';
import { DataTable, type Column } from '../common/DataTable';
import { useLocale } from '../common/use-locale';
import { formatCount } from '../../lib/format';
import { CapacityBar } from './CapacityBar';
import { eventsByWhen, whenParams, type When } from './event-view';
import { formatEventTime } from './event-time';
import './events.css';
import { t as translate } from '../../../shared/i18n/i18n';

export function EventsPage() {
  return (
    <DashboardFrame dashboard="events">
      <EventsDashboard />
    </DashboardFrame>
  );
}

function EventsDashboard() {
  const account = useActiveAccount();
  const query = useInvokeQuery('events.list', { accountId: account?.id ?? '' }, { enabled: account !== null });
  const [params, setParams] = useSearchParams();
  const asked = params.get('when');
  const when: When = asked === 'past' || asked === 'soon' ? asked : 'upcoming';
  const { locale, timeZone } = useLocale();
  const { t } = useTranslation('events');
  const soonTitle = translate('today:needs.upcomingEvents');
  return (
    <Page title={t('list.title')} description={t('list.description')} meta={<FigureAge answer={query.data} />}>
      <QueryState query={query} what={t('list.what')} label={t('list.label')}>
        {(answer) => {
          const overview = answer.data;
          if (!overview.offered) {
            return (
              <EmptyState title={t('notOffered.title')} icon="info">
                {t('notOffered.body')}
              </EmptyState>
            );
          }
          const now = Date.now();
          const { upcoming, past, soon } = eventsByWhen(overview.events, now);
          const shown = when === 'upcoming' ? upcoming : when === 'past' ? past : soon;
          const pick = (next: When) => setParams(whenParams(next), { replace: true });
          return (
            <Card
              flush
              title={when === 'upcoming' ? t('list.upcomingTitle') : when === 'past' ? t('list.pastTitle') : soonTitle}
              actions={
                <div className="chips chips-inline" role="group" aria-label={t('list.which')}>
                  <button type="button" className={`chip${when === 'upcoming' ? ' is-on' : ''}`} aria-pressed={when === 'upcoming'} onClick={() => pick('upcoming')}>
                    {t('list.upcoming', { n: formatCount(upcoming.length, locale) })}
                  </button>
                  <button type="button" className={`chip${when === 'past' ? ' is-on' : ''}`} aria-pressed={when === 'past'} onClick={() => pick('past')}>
                    {t('list.past', { n: formatCount(past.length, locale) })}
                  </button>
                </div>
              }
            >
              {shown.length === 0 ? (
                <EmptyState title={when !== 'past' ? t('list.noUpcoming') : t('list.noPast')} icon="inbox">
                  {when !== 'past' ? t('list.noUpcomingHint') : t('list.noPastHint')}
                </EmptyState>
              ) : (
                <EventsTable events={shown} when={when === 'past' ? 'past' : 'upcoming'} timeZone={timeZone} locale={locale} />
              )}
            </Card>
          );
        }}
      </QueryState>
    </Page>
  );
}

function EventsTable({ events, when, timeZone, locale }: { events: EventView[]; when: When; timeZone: string; locale: string }) {
  const { t } = useTranslation('events');
  const columns: Column[] = [{ label: t('list.columns.event') }, { label: t('list.columns.when') }, { label: t('list.columns.sold') }, { label: t('list.columns.attendees'), numeric: true }];
  return (
    <DataTable label={when === 'upcoming' ? t('list.upcomingTitle') : t('list.pastTitle')} testId="events-table" className="data-table-fit events-table" columns={columns}>
          {events.map((e) => (
            <tr key={e.id} data-event-id={e.id}>
              <th scope="row" className="cell-title">
                <Link to={`/events/${encodeURIComponent(e.id)}`}>{e.title}</Link>
                <span className="cell-sub">{e.ticketTypes.map((ticket) => ticket.name).join(' · ')}</span>
              </th>
              <td>{formatEventTime(e, timeZone, locale)}</td>
              <td>
                <CapacityBar event={e} locale={locale} />
              </td>
              <td className="num">
                {when === 'upcoming' ? (
                  <span>{t('list.coming', { n: formatCount(e.attendees.enrolled, locale) })}</span>
                ) : (
                  <span>
                    {t('list.came', { n: formatCount(e.attendees.checkedIn, locale) })}
                    <span className="cell-sub">{t('list.noShow', { n: formatCount(e.attendees.noShow, locale) })}</span>
                  </span>
                )}
                {e.attendees.cancelled > 0 && <span className="cell-sub">{t('list.cancelled', { n: formatCount(e.attendees.cancelled, locale) })}</span>}
              </td>
            </tr>
          ))}
    </DataTable>
  );
}
