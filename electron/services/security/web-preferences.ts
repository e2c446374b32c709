// The BrowserWindow's webPreferences: every hardening switch set explicitly, even where it is Electron's
// default, so an upgrade or a copy-paste cannot quietly weaken it. Structurally a subset of Electron's
// WebPreferences (kept Electron-free so it is unit-tested in plain Node).

interface SecureWebPreferences {
  preload: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  webviewTag: false;
  experimentalFeatures: false;
  navigateOnDragDrop: false;
  safeDialogs: true;
  spellcheck: false;
  devTools: boolean;
}

export function secureWebPreferences(options: { preloadPath: string; devTools: boolean }): SecureWebPreferences {
  if (!options.preloadPath) throw new Error('A preload path is required.');
  return {
    preload: options.preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: options.devTools,
  };
}
