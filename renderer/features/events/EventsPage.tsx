// Events: upcoming ones (or, one click away, the past ones) with tickets sold against capacity and their
// attendees; each opens its page (attendee list, edits). Every time is in the school's time zone, and
// says so. A platform without events gets a plain sentence, not an error.
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
import { eventsWhen, type When } from './event-view';
import { formatEventTime } from './event-time';
import './events.css';

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
  const when: When = params.get('when') === 'past' ? 'past' : 'upcoming';
  const { locale, timeZone } = useLocale();
  return (
    <Page title="Events" description="Your live events: tickets sold against capacity, and who is coming." meta={<FigureAge answer={query.data} />}>
      <QueryState query={query} what="the Events page" label="the events">
        {(answer) => {
          const overview = answer.data;
          if (!overview.offered) {
            return (
              <EmptyState title="This school's platform does not offer events" icon="info">
                Its API has no events to show or change, so there is nothing to do here.
              </EmptyState>
            );
          }
          const now = Date.now();
          const upcoming = eventsWhen(overview.events, 'upcoming', now);
          const past = eventsWhen(overview.events, 'past', now);
          const shown = when === 'upcoming' ? upcoming : past;
          const pick = (next: When) => setParams(next === 'past' ? { when: 'past' } : {}, { replace: true });
          return (
            <Card
              flush
              title={when === 'upcoming' ? 'Upcoming events' : 'Past events'}
              actions={
                <div className="chips chips-inline" role="group" aria-label="Which events">
                  <button type="button" className={`chip${when === 'upcoming' ? ' is-on' : ''}`} aria-pressed={when === 'upcoming'} onClick={() => pick('upcoming')}>
                    Upcoming ({formatCount(upcoming.length, locale)})
                  </button>
                  <button type="button" className={`chip${when === 'past' ? ' is-on' : ''}`} aria-pressed={when === 'past'} onClick={() => pick('past')}>
                    Past ({formatCount(past.length, locale)})
                  </button>
                </div>
              }
            >
              {shown.length === 0 ? (
                <EmptyState title={when === 'upcoming' ? 'No upcoming events' : 'No past events'} icon="inbox">
                  {when === 'upcoming' ? 'Events you schedule on your school show here with their tickets.' : 'Events that are over show here.'}
                </EmptyState>
              ) : (
                <EventsTable events={shown} when={when} timeZone={timeZone} locale={locale} />
              )}
            </Card>
          );
        }}
      </QueryState>
    </Page>
  );
}

const COLUMNS: Column[] = [{ label: 'Event' }, { label: 'When (school time)' }, { label: 'Tickets sold' }, { label: 'Attendees', numeric: true }];

function EventsTable({ events, when, timeZone, locale }: { events: EventView[]; when: When; timeZone: string; locale: string }) {
  return (
    <DataTable label={when === 'upcoming' ? 'Upcoming events' : 'Past events'} testId="events-table" className="data-table-fit events-table" columns={COLUMNS}>
          {events.map((e) => (
            <tr key={e.id} data-event-id={e.id}>
              <th scope="row" className="cell-title">
                <Link to={`/events/${encodeURIComponent(e.id)}`}>{e.title}</Link>
                <span className="cell-sub">{e.ticketTypes.map((t) => t.name).join(' · ')}</span>
              </th>
              <td>{formatEventTime(e, timeZone, locale)}</td>
              <td>
                <CapacityBar event={e} locale={locale} />
              </td>
              <td className="num">
                {when === 'upcoming' ? (
                  <span>{formatCount(e.attendees.enrolled, locale)} coming</span>
                ) : (
                  <span>
                    {formatCount(e.attendees.checkedIn, locale)} came
                    <span className="cell-sub">{formatCount(e.attendees.noShow, locale)} did not show</span>
                  </span>
                )}
                {e.attendees.cancelled > 0 && <span className="cell-sub">{formatCount(e.attendees.cancelled, locale)} cancelled</span>}
              </td>
            </tr>
          ))}
    </DataTable>
  );
}
