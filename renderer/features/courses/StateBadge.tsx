import { COURSE_STATE_LABELS, stateLabel } from '../../../shared/state-labels';

export function StateBadge({ state }: { state: string }) {
  return <span className={`badge badge-state-${state}`} data-state={state}>{stateLabel(COURSE_STATE_LABELS, state)}</span>;
}
