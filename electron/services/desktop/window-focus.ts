// The admin signs in in the system browser, so the app is behind it when the sign-in ends: the window comes
// forward then (done, or failed with the reason to read), not when the admin cancelled from the app itself.

export function bringsWindowForward(event: string, payload: unknown): boolean {
  if (event !== 'accounts.connectProgress') return false;
  const step = (payload as { step?: unknown } | null)?.step;
  return step === 'done' || step === 'failed';
}

type FocusStep = 'restore' | 'show' | 'focus' | 'app-focus-steal';

/** What it takes on each OS: a minimized window is restored first; the Mac also needs the app activated. */
export function bringForwardSteps(platform: NodeJS.Platform, window: { minimized: boolean; visible: boolean }): FocusStep[] {
  const steps: FocusStep[] = [];
  if (window.minimized) steps.push('restore');
  if (!window.visible) steps.push('show');
  // macOS does not let a background app take focus from focus() alone.
  if (platform === 'darwin') steps.push('app-focus-steal');
  steps.push('focus');
  return steps;
}
