// The renderer's one way to the main process. Chosen once at start-up: the preload's object in the desktop
// app, the browser host's channel otherwise. Nothing else in the UI asks which.
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

function selectBridge(): Bridge {
  const preload = (window as unknown as Record<string, PreloadApi | undefined>)[PRELOAD_GLOBAL];
  return preload ? createElectronBridge(preload) : createBrowserHostBridge();
}
