// Settings › Time zone: whose clock business dates follow on every screen (ranges, buckets, times, CSV):
// the school's, from its platform's school record (default), or this computer's.
import { useId } from 'react';
import type { TimeZoneSource } from '../../shared/ipc/app';
import { Card } from '../components/Card';
import { formatZone, systemLocale } from '../lib/format';
import { useBusinessTime, useSetTimeZoneSource } from '../state/business-time';
import { useUiStore } from '../state/ui-store';

export function TimeZoneCard() {
  const name = useId();
  const time = useBusinessTime();
  const choose = useSetTimeZoneSource();
  const { locale } = systemLocale();
  const chosen = useUiStore((s) => s.timeZoneSource);
  const options: { value: TimeZoneSource; label: string; zone: string }[] = [
    { value: 'school', label: "The school's time zone", zone: time.schoolTimeZone ? formatZone(time.schoolTimeZone, locale) : 'not known: the platform did not say' },
    { value: 'computer', label: "This computer's time zone", zone: formatZone(time.computerTimeZone, locale) },
  ];
  return (
    <Card title="Time zone">
      <fieldset className="time-zone-choices" aria-describedby={`${name}-note`}>
        <legend className="field-label">Dates, ranges and times in</legend>
        {options.map((option) => (
          <label key={option.value} className="checkbox-row">
            <input type="radio" name={name} value={option.value} checked={chosen === option.value} onChange={() => choose(option.value)} />
            {option.label} <span className="muted">({option.zone})</span>
          </label>
        ))}
      </fieldset>
      <p className="muted" id={`${name}-note`}>
        A school's business day is its own: the school's time zone keeps every figure the same whoever looks at it and wherever their
        computer is. Each screen says which zone it shows.
      </p>
    </Card>
  );
}
