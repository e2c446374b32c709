// Settings › Time zone: whose clock business dates follow on every screen (ranges, buckets, times, CSV):
// the school's, from its platform's school record (default), or this computer's.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeZoneSource } from '../../shared/ipc/app';
import { Card } from '../components/Card';
import { formatZone } from '../lib/format';
import { useUiLocale } from '../state/ui-language';
import { useBusinessTime, useSetTimeZoneSource } from '../state/business-time';
import { useUiStore } from '../state/ui-store';

export function TimeZoneCard() {
  const name = useId();
  const { t } = useTranslation('shell', { keyPrefix: 'settings.timeZone' });
  const time = useBusinessTime();
  const choose = useSetTimeZoneSource();
  const { locale } = useUiLocale();
  const chosen = useUiStore((s) => s.timeZoneSource);
  const options: { value: TimeZoneSource; label: string; zone: string }[] = [
    { value: 'school', label: t('school'), zone: time.schoolTimeZone ? formatZone(time.schoolTimeZone, locale) : t('schoolUnknown') },
    { value: 'computer', label: t('computer'), zone: formatZone(time.computerTimeZone, locale) },
  ];
  return (
    <Card title={t('title')}>
      <fieldset className="time-zone-choices" aria-describedby={`${name}-note`}>
        <legend className="field-label">{t('legend')}</legend>
        {options.map((option) => (
          <label key={option.value} className="checkbox-row">
            <input type="radio" name={name} value={option.value} checked={chosen === option.value} onChange={() => choose(option.value)} />
            {option.label} <span className="muted">({option.zone})</span>
          </label>
        ))}
      </fieldset>
      <p className="muted" id={`${name}-note`}>
        {t('note')}
      </p>
    </Card>
  );
}
