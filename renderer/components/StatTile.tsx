// One number an admin watches, with how it moved against the period it is compared with.
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { describeDelta, type DeltaUnit } from '../lib/delta';

interface StatTileProps {
  label: string;
  /** Already formatted (money with Intl, counts with grouping): the tile does not guess units. */
  value: ReactNode;
  /**
   * Change against the comparison period: relative (0.12 is +12 %) or, for a rate, in points. Undefined: no
   * comparison; null: compared, but nothing to compare with (none then), which `deltaLabel` still names.
   */
  delta?: number | null;
  /** How `delta` reads: a relative change (default) or percentage points (rates). */
  deltaUnit?: DeltaUnit;
  /** What the delta compares with, named by its days ("vs Oct 1 – 27"). */
  deltaLabel?: string;
  /** For numbers where going down is good (refunds, churn). */
  lowerIsBetter?: boolean;
  hint?: ReactNode;
  loading?: boolean;
}

export function StatTile({ label, value, delta, deltaUnit = 'relative', deltaLabel, lowerIsBetter = false, hint, loading = false }: StatTileProps) {
  const { t } = useTranslation('common');
  const d = delta === null || delta === undefined ? null : describeDelta(delta, lowerIsBetter, undefined, deltaUnit);
  return (
    <div className="stat-tile" aria-busy={loading || undefined}>
      <p className="stat-label">{label}</p>
      <p className="stat-value">{loading ? <span className="skeleton skeleton-value" aria-label={t('loading')} /> : value}</p>
      {(d || hint || (delta === null && deltaLabel)) && (
        <p className="stat-foot">
          {d && (
            <span className={`stat-delta stat-delta-${d.tone}`}>
              <span aria-hidden="true">{d.arrow}</span> {d.text}
              <span className="visually-hidden"> ({d.spoken})</span>
            </span>
          )}
          {d && deltaLabel && <span className="stat-delta-label"> {deltaLabel}</span>}
          {delta === null && deltaLabel && <span className="stat-delta-label">{t('delta.nothingToCompare', { versus: deltaLabel })}</span>}
          {hint && <span className="stat-hint">{hint}</span>}
        </p>
      )}
    </div>
  );
}
