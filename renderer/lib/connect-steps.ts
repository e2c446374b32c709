// The steps of a browser sign-in as the Connect screen lists them, and where a progress event puts us.
import type { ConnectStep } from '../../shared/ipc/accounts';

/** The steps shown, in order; each one's words are shell:flow.steps.<step>. */
export const VISIBLE_STEPS = [
  { step: 'discovering' },
  { step: 'registering' },
  { step: 'waiting_for_browser' },
  { step: 'exchanging' },
  { step: 'loading_profile' },
] as const satisfies readonly { step: ConnectStep }[];

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

/** How long the app waits for the admin's answer on the sign-in page (the engine's loopback receiver timeout). */
export const SIGN_IN_WAIT_MINUTES = 5;

/**
 * The admin came back to the app while it still waits for the sign-in page's answer: most often because they
 * closed that tab (the browser then shows the app again). Neither mode can see the tab itself (the system
 * browser; in browser mode the app page's Cross-Origin-Opener-Policy severs its handle on the tab), so the
 * app says it is still waiting and offers the page again. This long after the return, so that an answer
 * already on its way moves the steps on first.
 */
export const RETURN_GRACE_MS = 1_000;
