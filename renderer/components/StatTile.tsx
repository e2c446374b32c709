// One number an admin watches, with how it moved against the previous period.
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { describeDelta } from '../lib/delta';

interface StatTileProps {
  label: string;
  /** Already formatted (money with Intl, counts with grouping): the tile does not guess units. */
  value: ReactNode;
  /** Relative change against the comparison period: 0.12 is +12 %. Null/undefined: no comparison. */
  delta?: number | null;
  /** What the delta compares with ("vs previous 30 days"). */
  deltaLabel?: string;
  /** For numbers where going down is good (refunds, churn). */
  lowerIsBetter?: boolean;
  hint?: ReactNode;
  loading?: boolean;
}

export function StatTile({ label, value, delta, deltaLabel, lowerIsBetter = false, hint, loading = false }: StatTileProps) {
  const { t } = useTranslation('common');
  const d = delta === null || delta === undefined ? null : describeDelta(delta, lowerIsBetter);
  return (
    <div className="stat-tile" aria-busy={loading || undefined}>
      <p className="stat-label">{label}</p>
      <p className="stat-value">{loading ? <span className="skeleton skeleton-value" aria-label={t('loading')} /> : value}</p>
      {(d || hint) && (
        <p className="stat-foot">
          {d && (
            <span className={`stat-delta stat-delta-${d.tone}`}>
              <span aria-hidden="true">{d.arrow}</span> {d.text}
              <span className="visually-hidden"> ({d.spoken})</span>
            </span>
          )}
          {d && deltaLabel && <span className="stat-delta-label"> {deltaLabel}</span>}
          {hint && <span className="stat-hint">{hint}</span>}
        </p>
      )}
    </div>
  );
}
