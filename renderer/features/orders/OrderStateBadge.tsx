import { ORDER_STATE_LABELS, stateLabel } from '../../../shared/state-labels';

// The labels live in shared/ so the CSV export writes the same words the badges and filters show.
export { ORDER_STATE_LABELS };

export function OrderStateBadge({ state }: { state: string }) {
  return <span className={`badge badge-order-${state}`} data-state={state}>{stateLabel(ORDER_STATE_LABELS, state)}</span>;
}
