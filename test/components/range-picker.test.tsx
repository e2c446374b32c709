// @vitest-environment happy-dom
// The range picker (renderer/features/common/RangePicker.tsx), driven from the keyboard: a preset gives the
// local days it names as [from, to) between midnights of the school's time zone; Custom shows two labelled
// days, refuses a start after the end (saying why, keeping the last good range) and takes a good pair;
// "All time" where offered.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RangePicker } from '../../renderer/features/common/RangePicker';
import type { PickedRange } from '../../shared/date-range';
import { contractBridge } from './contract-bridge';
import { renderWithBridge } from './render';

const ZONE = 'Asia/Taipei'; // UTC+8 all year: a local midnight is 16:00 UTC the day before
// No school is signed in here, so the business zone is this computer's: make it Taipei's (Node re-reads TZ).
vi.stubEnv('TZ', ZONE);
const DAY = 86_400_000;

function Harness({ initial, allowAllTime = false }: { initial: PickedRange; allowAllTime?: boolean }) {
  const [range, setRange] = useState(initial);
  const [allTime, setAllTime] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <RangePicker
        value={range}
        onChange={(next) => {
          setRange(next);
          setAllTime(false);
        }}
        allowAllTime={allowAllTime}
        allTime={allTime}
        onAllTime={() => setAllTime(true)}
        onProblem={setProblem}
      />
      <output data-testid="chosen">{allTime ? 'all time' : `${range.preset} ${range.startDay}..${range.endDay}`}</output>
      <output data-testid="problem">{problem ?? ''}</output>
    </>
  );
}

const group = () => screen.getByRole('group', { name: 'Date range' });
const instants = () => ({ from: group().getAttribute('data-from'), to: group().getAttribute('data-to') });
const todayInZone = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now());

describe('RangePicker', () => {
  it('a preset picked from the keyboard gives its days, as instants between the time zone\'s midnights', async () => {
    const user = userEvent.setup();
    renderWithBridge(<Harness initial={{ preset: 'custom', startDay: '2026-01-01', endDay: '2026-01-31' }} />, contractBridge({}));
    await user.tab();
    const preset = screen.getByRole('combobox', { name: 'Range' });
    expect(preset).toBe(document.activeElement);
    await user.selectOptions(preset, 'Last 7 days');
    const today = todayInZone();
    expect(screen.getByTestId('chosen').textContent).toMatch(new RegExp(`^last7 \\d{4}-\\d{2}-\\d{2}\\.\\.${today}$`));
    const { from, to } = instants();
    expect(Date.parse(to!) - Date.parse(from!)).toBe(7 * DAY);
    expect(new Date(from!).getUTCHours()).toBe(16);
    // `to` is the midnight that ends today in Taipei.
    expect(to).toBe(new Date(Date.parse(`${today}T00:00:00+08:00`) + DAY).toISOString());
    expect(group().getAttribute('data-time-zone')).toBe(ZONE);
  });

  it('Custom: two labelled days; a start after the end is refused with the reason, then a good pair is taken', async () => {
    const user = userEvent.setup();
    renderWithBridge(<Harness initial={{ preset: 'last30', startDay: '2026-10-24', endDay: '2026-11-22' }} />, contractBridge({}));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Custom');
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect([from.value, to.value]).toEqual(['2026-10-24', '2026-11-22']);

    await user.clear(from);
    await user.type(from, '2026-12-01');
    expect(within(group()).getByRole('alert').textContent).toBe('The start day must not be after the end day.');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('problem').textContent).toBe('The start day must not be after the end day.');
    expect(screen.getByTestId('chosen').textContent).toBe('custom 2026-10-24..2026-11-22');

    await user.clear(to);
    await user.type(to, '2026-12-03');
    expect(within(group()).queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('problem').textContent).toBe('');
    expect(screen.getByTestId('chosen').textContent).toBe('custom 2026-12-01..2026-12-03');
    expect(instants()).toEqual({ from: '2026-11-30T16:00:00.000Z', to: '2026-12-03T16:00:00.000Z' });
  });

  it('offers All time where the page allows it, and then names no instants', async () => {
    const user = userEvent.setup();
    renderWithBridge(<Harness initial={{ preset: 'last30', startDay: '2026-10-24', endDay: '2026-11-22' }} allowAllTime />, contractBridge({}));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'All time');
    expect(screen.getByTestId('chosen').textContent).toBe('all time');
    expect(instants()).toEqual({ from: null, to: null });
  });
});
