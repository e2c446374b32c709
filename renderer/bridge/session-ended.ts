// Browser mode: this tab's session with the app ended (npm start was restarted, or the session was ended in
// Settings › Security), so the host refuses its page key. The bridge says so once, at the first refusal of a
// call or of the event stream; the app then shows that, never the stale screens it still holds.
let ended = false;
const listeners = new Set<() => void>();

export function markSessionEnded(): void {
  if (ended) return;
  ended = true;
  for (const listener of [...listeners]) listener();
}

export function isSessionEnded(): boolean {
  return ended;
}

/** For useSyncExternalStore. */
export function onSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
