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
  spellcheck: boolean;
  devTools: boolean;
}

/**
 * Spell-checking uses the OS's own spellchecker on macOS and Windows. Elsewhere Chromium would download
 * Hunspell dictionaries from Google's servers, so it stays off there (nothing is downloaded behind the admin's back).
 */
function spellcheckerIsNative(platform: NodeJS.Platform): boolean {
  return platform === 'darwin' || platform === 'win32';
}

export function secureWebPreferences(options: { preloadPath: string; devTools: boolean; platform?: NodeJS.Platform }): SecureWebPreferences {
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
    spellcheck: spellcheckerIsNative(options.platform ?? 'linux'),
    devTools: options.devTools,
  };
}
