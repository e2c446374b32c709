// The date range of a dashboard: a preset, or two days picked by the admin (in the business time zone).
import { useTranslation } from 'react-i18next';
import { useEffect, useId, useState } from 'react';
import { RANGE_PRESETS, pickPreset, rangeProblem, toInstants, type PickedRange, type RangePreset } from '../../../shared/date-range';
import { formatDays } from '../../lib/format';
import { presetLabel, rangeProblemWords } from './range-words';
import { useLocale } from './use-locale';

interface RangePickerProps {
  /** The days it covers today in the business time zone (a preset resolved: useResolvedRange). */
  value: PickedRange;
  onChange(range: PickedRange): void;
  /** Offer "All time" (only where a dashboard can show everything, e.g. orders). */
  allowAllTime?: boolean;
  allTime?: boolean;
  onAllTime?(): void;
  /**
   * Told when the typed days stop (or start again) making a range, e.g. From after To: the page then shows
   * no figures instead of the last range's under the error.
   */
  onProblem?(problem: string | null): void;
}

export function RangePicker({ value, onChange, allowAllTime = false, allTime = false, onAllTime, onProblem }: RangePickerProps) {
  const id = useId();
  const { locale, timeZone } = useLocale();
  const { t } = useTranslation('common', { keyPrefix: 'range' });
  const [draft, setDraft] = useState({ startDay: value.startDay, endDay: value.endDay });
  const problemCode = value.preset === 'custom' && !allTime ? rangeProblem(draft) : null;
  const problem = problemCode ? rangeProblemWords(problemCode) : null;
  useEffect(() => onProblem?.(problem), [problem, onProblem]);
  const selected = allTime ? 'all' : value.preset;
  // The instants the dashboard asks for, on the element: tests recompute the figures for exactly them.
  const instants = allTime ? null : toInstants(value, timeZone);
  return (
    <div className="range-picker" role="group" aria-label={t('group')} data-testid="range" data-from={instants?.from} data-to={instants?.to} data-time-zone={timeZone}>
      <div className="field field-inline">
        <label className="field-label" htmlFor={`${id}-preset`}>
          {t('range')}
        </label>
        <select
          id={`${id}-preset`}
          className="select"
          value={selected}
          onChange={(e) => {
            const next = e.target.value as RangePreset | 'all';
            if (next === 'all') return onAllTime?.();
            if (next === 'custom') {
              setDraft({ startDay: value.startDay, endDay: value.endDay });
              return onChange({ ...value, preset: 'custom' });
            }
            onChange(pickPreset(next, Date.now(), timeZone));
          }}
        >
          {allowAllTime && <option value="all">{t('allTime')}</option>}
          {RANGE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {presetLabel(p)}
            </option>
          ))}
        </select>
      </div>
      {/* The days a preset means today, in the business zone: "Last 7 days" is never a guess. */}
      {value.preset !== 'custom' && !allTime && (
        <span className="range-days" data-testid="range-days">
          {formatDays(value, locale)}
        </span>
      )}
      {value.preset === 'custom' && !allTime && (
        <>
          <div className="field field-inline">
            <label className="field-label" htmlFor={`${id}-from`}>
              {t('from')}
            </label>
            <input
              id={`${id}-from`}
              type="date"
              className="input"
              value={draft.startDay}
              max={draft.endDay}
              aria-invalid={problem !== null || undefined}
              onChange={(e) => {
                const next = { ...draft, startDay: e.target.value };
                setDraft(next);
                if (!rangeProblem(next)) onChange({ preset: 'custom', ...next });
              }}
            />
          </div>
          <div className="field field-inline">
            <label className="field-label" htmlFor={`${id}-to`}>
              {t('to')}
            </label>
            <input
              id={`${id}-to`}
              type="date"
              className="input"
              value={draft.endDay}
              min={draft.startDay}
              aria-invalid={problem !== null || undefined}
              onChange={(e) => {
                const next = { ...draft, endDay: e.target.value };
                setDraft(next);
                if (!rangeProblem(next)) onChange({ preset: 'custom', ...next });
              }}
            />
          </div>
          {problem && (
            <span className="field-error" role="alert">
              {problem}
            </span>
          )}
        </>
      )}
    </div>
  );
}
