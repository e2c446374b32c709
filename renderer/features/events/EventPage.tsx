// One event: its tickets against capacity, the edit form (title, start and end in the school's time
// zone, capacity per ticket type, never below the tickets sold) and the attendee list. The edit is checked
// with the same function the main process uses (eventEditProblems) and sent through the app's one way of
// writing: confirmation, events:write asked the first time (step-up), done with Undo, or the outbox.
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { t as translate } from '../../../shared/i18n/i18n';
import { eventEditProblems, type AttendeeStatus, type EventFields, type EventView } from '../../../shared/model/events';
import { instantOfLocalInput, localInputOf } from '../../../shared/zoned-time';
import { Page } from '../../components/Page';
import { Card } from '../../components/Card';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { useInvokeQuery } from '../../lib/bridge-hooks';
import { useActiveAccount } from '../../state/active-account';
import { DashboardFrame } from '../common/DashboardFrame';
import { FigureAge } from '../common/FigureAge';
import { QueryState } from '../common/QueryState';
import { DataTable, type Column } from '../common/DataTable';
import { useLocale } from '../common/use-locale';
import { useBusinessTime, zoneOwnerWords } from '../../state/business-time';
import { formatCount, formatDateTime, formatZone } from '../../lib/format';
import { useWrite } from '../writes/use-write';
import { CapacityBar } from './CapacityBar';
import { formatEventTime } from './event-time';
import '../writes/writes.css';
import './events.css';

const STATUS_LABELS: Record<AttendeeStatus, string> = { enrolled: 'Coming', checked_in: 'Checked in', no_show: 'Did not show', cancelled: 'Cancelled (refunded)' };

export function EventPage() {
  return (
    <DashboardFrame dashboard="events">
      <EventDashboard />
    </DashboardFrame>
  );
}

function EventDashboard() {
  const { eventId = '' } = useParams();
  const account = useActiveAccount();
  const { locale, timeZone } = useLocale();
  const query = useInvokeQuery('events.list', { accountId: account?.id ?? '' }, { enabled: account !== null });
  const overview = query.data?.data;
  const event = overview?.offered ? overview.events.find((e) => e.id === eventId) : undefined;
  const back = (
    <Link className="back-link" to="/events">
      ← All events
    </Link>
  );
  return (
    <Page title={event?.title ?? 'Event'} description={back} meta={<FigureAge answer={query.data} />}>
      <QueryState query={query} what="this event" label="the event">
        {() => {
          if (!overview?.offered) return <EmptyState title="This school's platform does not offer events" icon="info" />;
          if (!event) return <EmptyState title="No such event">It may have been removed on the platform.</EmptyState>;
          return (
            <div className="event-layout">
              <Card title="Tickets">
                <dl className="event-facts">
                  <div>
                    <dt>{translate('events:event.when')}</dt>
                    <dd>{formatEventTime(event, timeZone, locale)}</dd>
                  </div>
                  <div>
                    <dt>Sold</dt>
                    <dd>
                      <CapacityBar event={event} locale={locale} />
                    </dd>
                  </div>
                  {event.ticketTypes.map((t) => (
                    <div key={t.id}>
                      <dt>{t.name}</dt>
                      <dd>
                        <CapacityBar event={t} locale={locale} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </Card>
              {/* A new version of the event (after a change, or one made elsewhere) starts the form again from it; a refusal keeps what was typed. */}
              <EventEditForm key={`${event.id}:${event.updatedAt ?? ''}:${JSON.stringify(event)}`} event={event} timeZone={timeZone} />
              <Attendees eventId={event.id} sold={event.sold} />
            </div>
          );
        }}
      </QueryState>
    </Page>
  );
}

interface FormState {
  title: string;
  startsAt: string; // datetime-local, in the school's zone
  endsAt: string;
  capacities: Record<string, string>;
}

type Errors = Record<string, string>;

function formOf(event: EventView, timeZone: string): FormState {
  return {
    title: event.title,
    startsAt: localInputOf(event.startsAt, timeZone),
    endsAt: localInputOf(event.endsAt, timeZone),
    capacities: Object.fromEntries(event.ticketTypes.map((t) => [t.id, String(t.capacity)])),
  };
}

/** What the form changes, and the same fields as they were (for Undo), or the problems at their fields. */
function changesOf(event: EventView, form: FormState, timeZone: string): { ok: true; changes: EventFields; previous: EventFields } | { ok: false; errors: Errors } {
  const errors: Errors = {};
  const changes: EventFields = {};
  const previous: EventFields = {};
  if (form.title.trim() !== event.title) {
    changes.title = form.title.trim();
    previous.title = event.title;
  }
  for (const key of ['startsAt', 'endsAt'] as const) {
    if (form[key] === localInputOf(event[key], timeZone)) continue;
    const instant = instantOfLocalInput(form[key], timeZone);
    if (instant === null) errors[key] = form[key] === '' ? 'give a date and time' : `is not a time that exists in ${timeZone}`;
    else {
      changes[key] = instant;
      previous[key] = event[key];
    }
  }
  const capacities: NonNullable<EventFields['capacities']> = [];
  const before: NonNullable<EventFields['capacities']> = [];
  for (const t of event.ticketTypes) {
    const text = (form.capacities[t.id] ?? '').trim();
    if (text === String(t.capacity)) continue;
    const value = /^\d+$/.test(text) ? Number(text) : NaN;
    if (Number.isNaN(value)) errors[`capacity.${t.id}`] = 'must be a whole number';
    else {
      capacities.push({ ticketTypeId: t.id, capacity: value });
      before.push({ ticketTypeId: t.id, capacity: t.capacity });
    }
  }
  if (capacities.length > 0) {
    changes.capacities = capacities;
    previous.capacities = before;
  }
  for (const problem of eventEditProblems(event, changes)) errors[problem.field] ??= problem.message;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, changes, previous };
}

function EventEditForm({ event, timeZone }: { event: EventView; timeZone: string }) {
  const { locale } = useLocale();
  const write = useWrite();
  const [form, setForm] = useState<FormState>(() => formOf(event, timeZone));
  const [errors, setErrors] = useState<Errors>({});
  const [note, setNote] = useState<string | null>(null);
  const zone = formatZone(timeZone, locale, Date.parse(event.startsAt));
  const owner = zoneOwnerWords(useBusinessTime());
  const set = (patch: Partial<FormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setNote(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = changesOf(event, form, timeZone);
    if (!checked.ok) {
      setErrors(checked.errors);
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.event-form [aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    if (Object.keys(checked.changes).length === 0) {
      setNote('Nothing changed yet: edit a field first.');
      return;
    }
    await write.run({ kind: 'event.update', eventId: event.id, title: event.title, changes: checked.changes, previous: checked.previous, seenUpdatedAt: event.updatedAt });
  }

  return (
    <Card title="Edit">
      <form className="event-form" noValidate onSubmit={(e) => void submit(e)} aria-label="Edit event">
        <div className="form-grid">
          <Field label="Title" name="Title" error={errors.title} wide>
            {(props) => <input {...props} className="input" value={form.title} onChange={(e) => set({ title: e.target.value })} autoComplete="off" />}
          </Field>
          <Field label={<>Starts <span className="field-zone">({zone})</span></>} name="Starts" error={errors.startsAt} hint={translate('events:event.inZone', { owner })}>
            {(props) => <input {...props} type="datetime-local" className="input" value={form.startsAt} onChange={(e) => set({ startsAt: e.target.value })} />}
          </Field>
          <Field label={<>Ends <span className="field-zone">({zone})</span></>} name="Ends" error={errors.endsAt} hint={translate('events:event.inZone', { owner })}>
            {(props) => <input {...props} type="datetime-local" className="input" value={form.endsAt} onChange={(e) => set({ endsAt: e.target.value })} />}
          </Field>
          {event.ticketTypes.map((t) => (
            <Field key={t.id} label={`Capacity: ${t.name}`} name={`Capacity: ${t.name}`} error={errors[`capacity.${t.id}`]} hint={`${formatCount(t.sold, locale)} sold: not below that`}>
              {(props) => (
                <input {...props} className="input" inputMode="numeric" value={form.capacities[t.id] ?? ''} onChange={(e) => set({ capacities: { ...form.capacities, [t.id]: e.target.value } })} />
              )}
            </Field>
          ))}
        </div>
        {note && (
          <p className="field-hint form-summary" role="status">
            {note}
          </p>
        )}
        <div className="form-actions">
          <Button variant="ghost" onClick={() => { setForm(formOf(event, timeZone)); setErrors({}); setNote(null); }} disabled={write.busy}>
            Reset
          </Button>
          <Button type="submit" variant="primary" busy={write.busy}>
            Save changes
          </Button>
        </div>
      </form>
      {write.element}
    </Card>
  );
}

function Field({ label, name, error, hint, wide = false, children }: { label: ReactNode; name: string; error: string | undefined; hint?: string; wide?: boolean; children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const props = useMemo(() => ({ id, 'aria-invalid': error !== undefined, ...(described ? { 'aria-describedby': described } : {}) }), [id, error, described]);
  return (
    <div className={wide ? 'field field-wide' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children(props)}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {name}: {error}
        </p>
      )}
    </div>
  );
}

const ATTENDEE_COLUMNS: Column[] = [{ label: 'Name' }, { label: 'Email' }, { label: 'Ticket' }, { label: 'Status' }, { label: 'Bought' }];

function Attendees({ eventId, sold }: { eventId: string; sold: number }) {
  const account = useActiveAccount();
  const localeInfo = useLocale();
  const query = useInvokeQuery('events.attendees', { accountId: account?.id ?? '', eventId }, { enabled: account !== null });
  const data = query.data?.data;
  const count = data?.offered ? data.attendees.length : null;
  return (
    <Card flush title={count === null ? 'Attendees' : `Attendees (${formatCount(count, localeInfo.locale)})`} actions={<FigureAge answer={query.data} />}>
      <QueryState query={query} what="the attendees" label="the attendees">
        {(answer) => {
          if (!answer.data.offered) return <EmptyState title="This school's platform does not list attendees" icon="info">It gives the counts above, but not who bought the tickets.</EmptyState>;
          if (answer.data.attendees.length === 0) return <EmptyState title="No attendees yet">{sold === 0 ? 'No ticket has been sold.' : null}</EmptyState>;
          return (
            // The list scrolls on its own; it takes focus so the keyboard can scroll it too.
            <DataTable
              label="Attendees"
              testId="attendees-table"
              className="data-table-fit"
              frame={{ className: 'attendees-scroll', tabIndex: 0, role: 'region', 'aria-label': 'Attendee list' }}
              columns={ATTENDEE_COLUMNS}
            >
                  {answer.data.attendees.map((a) => (
                    <tr key={a.id} data-status={a.status}>
                      <th scope="row">{a.name}</th>
                      <td className="cell-clip">{a.email}</td>
                      <td>{a.ticketName}</td>
                      <td className="attendee-status">{STATUS_LABELS[a.status]}</td>
                      <td>{formatDateTime(a.boughtAt, localeInfo)}</td>
                    </tr>
                  ))}
            </DataTable>
          );
        }}
      </QueryState>
    </Card>
  );
}
