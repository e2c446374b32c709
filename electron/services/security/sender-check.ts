// Only our own main frame, showing our own page, may call the main process. A subframe, another window or
// a page that navigated elsewhere is refused before any input is read.
import { isSameAppOrigin } from './app-origin';

interface SenderFacts<Frame> {
  /** The frame that sent the message (Electron: event.senderFrame; null when it is gone). */
  senderFrame: Frame | null | undefined;
  /** The main frame of our main window. */
  mainFrame: Frame | null | undefined;
  /** The URL the sending frame is showing. */
  senderUrl: string | undefined;
}

export function isTrustedSender<Frame>(facts: SenderFacts<Frame>, appOrigin: string): boolean {
  if (!facts.senderFrame || !facts.mainFrame) return false;
  if (facts.senderFrame !== facts.mainFrame) return false;
  return typeof facts.senderUrl === 'string' && isSameAppOrigin(facts.senderUrl, appOrigin);
}
