// Tickets sold against capacity, as a bar and in words; the bar is a meter for assistive technology.
import { useTranslation } from 'react-i18next';
import type { EventView } from '../../../shared/model/events';
import { formatCount, formatPercent } from '../../lib/format';
import { capacityUse } from './event-view';

export function CapacityBar({ event, locale }: { event: Pick<EventView, 'sold' | 'capacity'>; locale: string }) {
  const { t } = useTranslation('events');
  const use = capacityUse(event);
  const words = t('capacity.sold', { sold: formatCount(event.sold, locale), capacity: formatCount(event.capacity, locale) });
  return (
    <div className="capacity">
      <div
        className={`capacity-bar${use >= 1 ? ' is-full' : use >= 0.8 ? ' is-high' : ''}`}
        role="meter"
        aria-label={t('capacity.used')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(use * 100)}
        aria-valuetext={`${words} (${formatPercent(use, locale)})`}
      >
        <span style={{ width: `${use * 100}%` }} />
      </div>
      <span className="capacity-words">
        {words} <span className="cell-muted">· {formatPercent(use, locale)}</span>
      </span>
    </div>
  );
}
