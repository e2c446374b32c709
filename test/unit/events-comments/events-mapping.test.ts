// Events: the platform payload → the app's model, an edit → the PATCH body, the edit check shared by the
// form and the main process, school-time inputs, and the write's words, plan and Undo.
import { describe, expect, it } from 'vitest';
import { SchoolEvent } from '../../../shared/platform/resources';
import { eventEditProblems, eventTimesProblem } from '../../../shared/model/events';
import { instantOfLocalInput, localInputOf } from '../../../shared/zoned-time';
import { toAttendeeView, toEventPatch, toEventView } from '../../../electron/services/platform/events-mapping';
import { planWrite, type PlannedWrite } from '../../../electron/services/platform/writes-platform';
import { sameTarget, seenUpdatedAtOf } from '../../../electron/services/writes/write-plan';
import { describeWrite, inverseOf, WriteRequest } from '../../../shared/model/writes';

const platformEvent = SchoolEvent.parse({
  id: 'evt_1', title: 'Live Q&A #1', starts_at: '2026-12-01T19:00:00Z', ends_at: '2026-12-01T21:00:00Z', lecturer_ids: ['lec_1'],
  tickets: [
    { id: 'tkt_1', name: 'General', price: 2500, currency: 'USD', capacity: 100, sold: 40 },
    { id: 'tkt_2', name: 'VIP', price: 9900, currency: 'USD', capacity: 20, sold: 20 },
  ],
  attendees: { enrolled: 60, checked_in: 0, no_show: 0, cancelled: 3 },
  updated_at: '2026-11-01T00:00:00Z',
});

describe('events mapping', () => {
  it('maps an event into the app’s model with its totals', () => {
    expect(toEventView(platformEvent)).toEqual({
      id: 'evt_1', title: 'Live Q&A #1', startsAt: '2026-12-01T19:00:00Z', endsAt: '2026-12-01T21:00:00Z', updatedAt: '2026-11-01T00:00:00Z',
      ticketTypes: [
        { id: 'tkt_1', name: 'General', price: 2500, currency: 'USD', capacity: 100, sold: 40 },
        { id: 'tkt_2', name: 'VIP', price: 9900, currency: 'USD', capacity: 20, sold: 20 },
      ],
      capacity: 120, sold: 60, attendees: { enrolled: 60, checkedIn: 0, noShow: 0, cancelled: 3 },
    });
    const { updated_at: _gone, ...unversioned } = platformEvent;
    expect(toEventView(unversioned).updatedAt).toBeNull();
    expect(toAttendeeView({ id: 'a', ticket_id: 'tkt_1', ticket_name: 'General', order_id: 'o', name: 'Kim', email: 'k@x.example', status: 'no_show', bought_at: '2026-10-01T00:00:00Z' }))
      .toEqual({ id: 'a', name: 'Kim', email: 'k@x.example', ticketName: 'General', status: 'no_show', boughtAt: '2026-10-01T00:00:00Z' });
  });

  it('sends only what changes', () => {
    expect(toEventPatch({ title: ' New ' })).toEqual({ title: 'New' });
    expect(toEventPatch({ startsAt: '2026-12-01T18:00:00Z', capacities: [{ ticketTypeId: 'tkt_1', capacity: 50 }] })).toEqual({ starts_at: '2026-12-01T18:00:00Z', tickets: [{ id: 'tkt_1', capacity: 50 }] });
    expect(toEventPatch({ capacities: [] })).toEqual({});
  });
});

describe('the edit check', () => {
  const event = toEventView(platformEvent);
  it('refuses a capacity below the tickets sold, an end before the start and an empty title, at their fields', () => {
    expect(eventEditProblems(event, { capacities: [{ ticketTypeId: 'tkt_1', capacity: 39 }] })).toEqual([{ field: 'capacity.tkt_1', message: 'cannot be below the 40 tickets already sold' }]);
    expect(eventEditProblems(event, { capacities: [{ ticketTypeId: 'tkt_1', capacity: 40 }, { ticketTypeId: 'tkt_2', capacity: 20 }] })).toEqual([]);
    expect(eventEditProblems(event, { endsAt: '2026-12-01T19:00:00Z' })).toEqual([{ field: 'endsAt', message: 'must be after the start' }]);
    expect(eventEditProblems(event, { title: '   ' })).toEqual([{ field: 'title', message: 'give the event a title' }]);
    expect(eventEditProblems(event, { capacities: [{ ticketTypeId: 'tkt_1', capacity: -1 }] })[0]!.field).toBe('capacity.tkt_1');
    expect(eventTimesProblem({ startsAt: '2026-12-01T19:00:00Z', endsAt: '2026-12-01T18:00:00Z' })).toBe('must be after the start');
    expect(eventTimesProblem({ startsAt: '2026-12-01T19:00:00Z' })).toBeNull();
  });

  it('reads and writes times in the school’s zone, refusing a time the clock skips', () => {
    expect(localInputOf('2026-12-01T19:00:00Z', 'Asia/Tokyo')).toBe('2026-12-02T04:00');
    expect(instantOfLocalInput('2026-12-02T04:00', 'Asia/Tokyo')).toBe('2026-12-01T19:00:00.000Z');
    expect(instantOfLocalInput('2026-07-01T19:00', 'Europe/London')).toBe('2026-07-01T18:00:00.000Z');
    expect(instantOfLocalInput('2026-03-29T01:30', 'Europe/London')).toBeNull(); // clocks go forward 01:00 → 02:00
    expect(instantOfLocalInput('2026-10-25T01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z'); // happens twice: the earlier
    expect(instantOfLocalInput('soon', 'Europe/London')).toBeNull();
  });
});

describe('the event write', () => {
  const parsed = WriteRequest.parse({
    kind: 'event.update', eventId: 'evt_1', title: 'Live Q&A #1',
    changes: { title: 'Live Q&A: winter', capacities: [{ ticketTypeId: 'tkt_1', capacity: 80 }] },
    previous: { title: 'Live Q&A #1', capacities: [{ ticketTypeId: 'tkt_1', capacity: 100 }] },
    seenUpdatedAt: '2026-11-01T00:00:00Z',
  });
  if (parsed.kind !== 'event.update') throw new Error('not an event write');
  const request = parsed;

  it('is confirmed (learners see it), asks events:write and names the event and what changes', () => {
    expect(describeWrite(request)).toMatchObject({
      question: 'Change event “Live Q&A #1”?', done: 'Changed event “Live Q&A #1”: title and capacity', confirm: true, scope: 'events:write',
      target: { type: 'event', id: 'evt_1', name: 'Live Q&A #1' },
    });
  });

  it('is a PATCH checked against the event’s updated_at, and undone by PATCHing the previous values back', () => {
    expect(planWrite(request)).toMatchObject({ operation: 'updateEvent', path: { event_id: 'evt_1' }, body: { title: 'Live Q&A: winter', tickets: [{ id: 'tkt_1', capacity: 80 }] }, current: { operation: 'getEvent', path: { event_id: 'evt_1' } } });
    expect(seenUpdatedAtOf(request)).toBe('2026-11-01T00:00:00Z');
    const undo = inverseOf(request, '2026-11-23T10:00:00Z');
    expect(undo).toEqual({ ...request, title: 'Live Q&A: winter', changes: request.previous, previous: request.changes, seenUpdatedAt: '2026-11-23T10:00:00Z' });
    expect(planWrite(undo as PlannedWrite).body).toEqual({ title: 'Live Q&A #1', tickets: [{ id: 'tkt_1', capacity: 100 }] });
    expect(sameTarget(request, undo!)).toBe(true);
    expect(sameTarget(request, { ...request, eventId: 'evt_2' })).toBe(false);
  });

  it('refuses a request with a bad field in the contract', () => {
    expect(WriteRequest.safeParse({ ...request, changes: { capacities: [{ ticketTypeId: 'tkt_1', capacity: 1.5 }] } }).success).toBe(false);
    expect(WriteRequest.safeParse({ ...request, changes: { colour: 'red' } }).success).toBe(false);
  });
});
