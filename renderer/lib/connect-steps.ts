// The steps of a browser sign-in as the Connect screen lists them, and where a progress event puts us.
import type { ConnectStep } from '../../shared/ipc/accounts';

export const VISIBLE_STEPS = [
  { step: 'discovering', label: 'Finding the platform' },
  { step: 'registering', label: 'Registering this app' },
  { step: 'waiting_for_browser', label: 'Waiting for you in the browser' },
  { step: 'exchanging', label: 'Finishing sign-in' },
  { step: 'loading_profile', label: 'Loading your profile' },
] as const satisfies readonly { step: ConnectStep; label: string }[];

export type StepState = 'done' | 'current' | 'pending';

/** The state of each visible step when the flow is at `current`. */
export function stepStates(current: ConnectStep | null): StepState[] {
  if (current === 'done') return VISIBLE_STEPS.map(() => 'done');
  const at = VISIBLE_STEPS.findIndex((s) => s.step === current);
  return VISIBLE_STEPS.map((_, i) => (at < 0 ? (i === 0 && current === null ? 'current' : 'pending') : i < at ? 'done' : i === at ? 'current' : 'pending'));
}

/** "Step 3 of 5": for the progress bar and for screen readers. */
export function stepPosition(current: ConnectStep | null): { index: number; total: number } {
  const total = VISIBLE_STEPS.length;
  if (current === 'done') return { index: total, total };
  const at = VISIBLE_STEPS.findIndex((s) => s.step === current);
  return { index: at < 0 ? 0 : at, total };
}
