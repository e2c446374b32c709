// Tickets sold against capacity, as a bar and in words; the bar is a meter for assistive technology.
import type { EventView } from '../../../shared/model/events';
import { formatCount, formatPercent } from '../../lib/format';
import { capacityUse } from './event-view';

export function CapacityBar({ event, locale }: { event: Pick<EventView, 'sold' | 'capacity'>; locale: string }) {
  const use = capacityUse(event);
  const words = `${formatCount(event.sold, locale)} of ${formatCount(event.capacity, locale)} sold`;
  return (
    <div className="capacity">
      <div
        className={`capacity-bar${use >= 1 ? ' is-full' : use >= 0.8 ? ' is-high' : ''}`}
        role="meter"
        aria-label="Capacity used"
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
