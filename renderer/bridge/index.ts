// The renderer's one way to the main process. Chosen once at start-up: the preload's object in the desktop
// app, the browser host's channel otherwise. Nothing else in the UI asks which. A component test installs its
// own implementation of the same contract first (setBridge), as Element Web's PlatformPeg lets a test do.
import type { Bridge } from '../../shared/ipc';
import { PRELOAD_GLOBAL } from '../../shared/ipc/channels';
import type { PreloadApi } from '../../shared/ipc/channels';
import { createBrowserHostBridge } from './browser-host-bridge';
import { createElectronBridge } from './electron-bridge';

let bridge: Bridge | null = null;

export function getBridge(): Bridge {
  bridge ??= selectBridge();
  return bridge;
}

/** Installs the bridge every call and subscription uses from now on (null: choose again on the next call). */
export function setBridge(next: Bridge | null): void {
  bridge = next;
}

function selectBridge(): Bridge {
  const preload = (window as unknown as Record<string, PreloadApi | undefined>)[PRELOAD_GLOBAL];
  return preload ? createElectronBridge(preload) : createBrowserHostBridge();
}
