// Which folder may import which: the app's layer rules as one table (as VS Code's code-layering rule holds
// them). A folder (or a single file named here) may import itself and the layers listed after it, nothing else;
// a folder not named lies in the nearest named folder above it. Read from the top: the entry points and the
// composition root, the screens' services, the data engine, the platform adapter, the API client and sign-in,
// storage and the ground; shared/ below everything. layers.test.ts checks the tree against it, and that
// docs/architecture.md shows the same table.

export const LAYERS: Readonly<Record<string, readonly string[]>> = {
  // ---- the main process: Electron's entry points and the services' composition root
  'electron/main.ts': ['electron/adapters', 'electron/services/app-services.ts', 'electron/services/desktop', 'electron/services/ipc', 'electron/services/launch-args.ts', 'electron/services/log.ts', 'electron/services/security', 'electron/services/updates'],
  'electron/preload.ts': ['shared/ipc'],
  'electron/adapters': ['electron/services/desktop', 'electron/services/engine/client', 'electron/services/ipc', 'electron/services/log.ts', 'electron/services/net', 'electron/services/notifications', 'electron/services/security', 'electron/services/store', 'electron/services/updates', 'shared', 'shared/ipc', 'shared/window-colors.ts'],
  'electron/browser-host': ['electron/services/app-services.ts', 'electron/services/engine/client', 'electron/services/ipc', 'electron/services/log.ts', 'electron/services/security', 'electron/services/store', 'electron/services/updates', 'shared', 'shared/ipc', 'shared/ipc.ts'],
  'electron/services/app-services.ts': [
    'electron/services/access', 'electron/services/comments', 'electron/services/data', 'electron/services/demo', 'electron/services/engine/client', 'electron/services/events', 'electron/services/explorer',
    'electron/services/ipc', 'electron/services/language', 'electron/services/launch-args.ts', 'electron/services/log.ts', 'electron/services/money', 'electron/services/notifications', 'electron/services/people',
    'electron/services/search', 'electron/services/security', 'electron/services/status', 'electron/services/store', 'electron/services/students', 'electron/services/today', 'electron/services/writes',
    'shared', 'shared/ipc', 'shared/model',
  ],
  // ---- the screens' services: each area's handlers
  'electron/services/explorer': ['electron/services/api', 'electron/services/data', 'electron/services/ipc', 'electron/services/log.ts', 'electron/services/platform', 'electron/services/store', 'electron/services/writes', 'shared', 'shared/ipc', 'shared/model'],
  'electron/services/search': ['electron/services/data', 'electron/services/engine/client', 'electron/services/ipc', 'electron/services/log.ts', 'electron/services/platform', 'electron/services/store', 'shared/ipc', 'shared/model', 'shared/search'],
  'electron/services/comments': ['electron/services/api', 'electron/services/data', 'electron/services/ipc', 'electron/services/platform', 'shared/ipc', 'shared/model'],
  'electron/services/today': ['electron/services/api', 'electron/services/data', 'electron/services/engine/client', 'electron/services/ipc', 'electron/services/log.ts', 'electron/services/platform', 'electron/services/store', 'shared', 'shared/ipc', 'shared/model'],
  'electron/services/events': ['electron/services/api', 'electron/services/data', 'electron/services/ipc', 'electron/services/platform', 'shared/ipc', 'shared/model'],
  'electron/services/money': ['electron/services/api', 'electron/services/data', 'electron/services/engine/client', 'electron/services/ipc', 'electron/services/log.ts', 'electron/services/platform', 'electron/services/store', 'shared/ipc', 'shared/model'],
  'electron/services/people': ['electron/services/api', 'electron/services/data', 'electron/services/ipc', 'electron/services/log.ts', 'electron/services/platform', 'electron/services/store', 'shared/ipc', 'shared/ipc.ts', 'shared/model'],
  'electron/services/students': ['electron/services/engine/client', 'electron/services/ipc'],
  'electron/services/writes': ['electron/services/api', 'electron/services/ipc', 'electron/services/log.ts', 'electron/services/platform', 'electron/services/store', 'shared', 'shared/ipc', 'shared/model'],
  'electron/services/notifications': ['electron/services/api', 'electron/services/ipc', 'electron/services/log.ts', 'electron/services/platform', 'electron/services/store', 'shared', 'shared/ipc', 'shared/model'],
  'electron/services/data': ['electron/services/api', 'electron/services/engine/client', 'electron/services/ipc', 'electron/services/log.ts', 'electron/services/platform', 'electron/services/store', 'shared', 'shared/ipc', 'shared/model'],
  'electron/services/updates': ['electron/services/ipc', 'electron/services/log.ts', 'shared', 'shared/ipc'],
  'electron/services/status': ['electron/services/log.ts'],
  // Settings › Demo platform: npm start's demo platform offline and back, or reset (browser mode only)
  'electron/services/demo': ['electron/services/ipc', 'shared', 'shared/ipc'],
  // the main process's UI language: the Settings choice over the OS's languages
  'electron/services/language': ['shared', 'shared/ipc'],
  // ---- the data engine: the main side's client, the worker, the message contract between them
  'electron/services/engine/client': ['electron/services/api', 'electron/services/engine/contract', 'electron/services/ipc', 'electron/services/log.ts', 'shared', 'shared/ipc'],
  'electron/services/engine/worker': ['electron/services/engine/contract', 'electron/services/log.ts', 'electron/services/platform', 'electron/services/store', 'shared', 'shared/ipc', 'shared/model', 'shared/search', 'shared/state-labels.ts'],
  'electron/services/engine/contract': ['electron/services/platform', 'shared', 'shared/ipc', 'shared/model'],
  // ---- the IPC router and the shell's handlers; what the desktop shell does, in plain Node
  'electron/services/ipc': ['electron/services/access', 'electron/services/desktop', 'electron/services/language', 'electron/services/log.ts', 'electron/services/security', 'electron/services/store', 'shared', 'shared/ipc', 'shared/ipc.ts', 'shared/model'],
  'electron/services/desktop': ['electron/services/launch-args.ts', 'electron/services/log.ts', 'electron/services/security', 'shared', 'shared/ipc', 'shared/model'],
  // ---- the platform: the adapter, platform access (sign-in + API client), the API client, sign-in, the network
  'electron/services/platform': ['electron/services/api', 'electron/services/security', 'shared', 'shared/ipc', 'shared/model', 'shared/platform', 'shared/state-labels.ts'],
  'electron/services/access': ['electron/services/api', 'electron/services/auth', 'electron/services/log.ts', 'electron/services/store', 'shared', 'shared/ipc', 'shared/model'],
  'electron/services/api': ['electron/services/auth', 'electron/services/log.ts', 'electron/services/net', 'shared', 'shared/platform'],
  'electron/services/auth': ['electron/services/log.ts', 'electron/services/net', 'electron/services/store', 'shared', 'shared/model', 'shared/platform'],
  'electron/services/net': ['shared'],
  // ---- the ground of the main process
  'electron/services/store': ['electron/services/log.ts', 'shared', 'shared/ipc'],
  'electron/services/security': ['shared'],
  'electron/services/log.ts': [],
  'electron/services/launch-args.ts': [],

  // ---- the renderer: the entry, the shell, the route table, the screens
  'renderer/main.tsx': ['renderer/lib', 'renderer/shell', 'renderer/state', 'shared'],
  'renderer/shell': ['renderer/bridge', 'renderer/components', 'renderer/data', 'renderer/features/account', 'renderer/features/palette', 'renderer/features/routes.tsx', 'renderer/features/writes', 'renderer/lib', 'renderer/state', 'shared', 'shared/ipc', 'shared/model'],
  'renderer/features/palette': ['renderer/components', 'renderer/features/account', 'renderer/features/common', 'renderer/features/routes.tsx', 'renderer/lib', 'renderer/state', 'shared', 'shared/model', 'shared/search'],
  'renderer/features/routes.tsx': ['renderer/components', 'renderer/features/analytics', 'renderer/features/comments', 'renderer/features/courses', 'renderer/features/events', 'renderer/features/explorer', 'renderer/features/money', 'renderer/features/orders', 'renderer/features/people', 'renderer/features/students', 'renderer/features/today', 'renderer/features/writes', 'shared'],
  'renderer/features/courses': ['renderer/charts', 'renderer/components', 'renderer/data', 'renderer/features/common', 'renderer/features/orders', 'renderer/features/people', 'renderer/features/writes', 'renderer/lib', 'renderer/state', 'shared', 'shared/ipc', 'shared/model', 'shared/state-labels.ts'],
  'renderer/features/people': ['renderer/components', 'renderer/features/common', 'renderer/features/money', 'renderer/features/orders', 'renderer/features/students', 'renderer/features/writes', 'renderer/lib', 'renderer/state', 'shared', 'shared/model', 'shared/state-labels.ts'],
  'renderer/features/money': ['renderer/components', 'renderer/features/analytics', 'renderer/features/common', 'renderer/features/writes', 'renderer/lib', 'renderer/state', 'shared', 'shared/ipc', 'shared/model', 'shared/state-labels.ts'],
  'renderer/features/students': ['renderer/components', 'renderer/data', 'renderer/features/common', 'renderer/features/writes', 'renderer/lib', 'renderer/state', 'shared', 'shared/ipc', 'shared/model'],
  'renderer/features/events': ['renderer/components', 'renderer/features/common', 'renderer/features/writes', 'renderer/lib', 'renderer/state', 'shared', 'shared/model'],
  'renderer/features/today': ['renderer/components', 'renderer/features/common', 'renderer/lib', 'renderer/state', 'shared', 'shared/ipc', 'shared/model'],
  'renderer/features/explorer': ['renderer/components', 'renderer/features/common', 'renderer/features/writes', 'renderer/lib', 'renderer/state', 'shared', 'shared/model'],
  'renderer/features/comments': ['renderer/components', 'renderer/data', 'renderer/features/common', 'renderer/lib', 'renderer/state', 'shared', 'shared/model'],
  'renderer/features/analytics': ['renderer/charts', 'renderer/components', 'renderer/data', 'renderer/features/common', 'renderer/lib', 'renderer/state', 'shared', 'shared/ipc', 'shared/model'],
  'renderer/features/writes': ['renderer/components', 'renderer/data', 'renderer/features/account', 'renderer/features/common', 'renderer/lib', 'renderer/state', 'shared', 'shared/ipc', 'shared/model'],
  'renderer/features/orders': ['renderer/components', 'renderer/data', 'renderer/features/common', 'renderer/lib', 'renderer/state', 'shared', 'shared/ipc', 'shared/model', 'shared/state-labels.ts'],
  // ---- what the screens share: their common pieces, sign-in's pieces, the UI kit, charts, data, state
  'renderer/features/common': ['renderer/components', 'renderer/data', 'renderer/lib', 'renderer/state', 'shared', 'shared/ipc'],
  'renderer/features/account': ['renderer/components', 'renderer/lib', 'renderer/state', 'shared/model'],
  'renderer/components': ['renderer/lib', 'renderer/state', 'shared', 'shared/model'],
  'renderer/charts': ['shared'],
  'renderer/data': ['renderer/lib', 'renderer/state', 'shared', 'shared/ipc', 'shared/ipc.ts'],
  'renderer/state': ['renderer/lib', 'shared', 'shared/ipc', 'shared/model'],
  'renderer/lib': ['renderer/bridge', 'shared', 'shared/ipc', 'shared/ipc.ts', 'shared/model'],
  // ---- the renderer's one way to the main process, chosen once at start-up
  'renderer/bridge': ['shared', 'shared/ipc', 'shared/ipc.ts'],
  'renderer/styles': [],

  // ---- shared/: runs anywhere. The IPC contract, the app's model, the platform's wire format (the adapter's
  // alone), search ranking; the loose files at its root (errors, scopes, currency units, CSV …) are the ground
  'shared/ipc.ts': ['shared/ipc'],
  'shared/window-colors.ts': ['shared/ipc'],
  'shared/ipc': ['shared', 'shared/model'],
  'shared/search': ['shared/model'],
  'shared/state-labels.ts': ['shared', 'shared/model'],
  'shared/model': ['shared'],
  'shared/platform': ['shared'],
  shared: [],
};

/** The trees the table covers: every module under them must lie in a layer. */
export const LAYERED_TREES = ['electron', 'renderer', 'shared'] as const;

export const DOC_START = '<!-- layers:start (generated from test/unit/architecture/layers.ts: UPDATE_DOCS=1 npx vitest run test/unit/architecture/layers.test.ts) -->';
export const DOC_END = '<!-- layers:end -->';

/** The table as docs/architecture.md shows it: one row a layer, top to bottom, what it may import (short names). */
export function layerTableMarkdown(layers: Readonly<Record<string, readonly string[]>> = LAYERS): string {
  const short = (layer: string) => layer.replace(/^electron\/services\//, '').replace(/^renderer\//, '');
  const rows = Object.entries(layers).map(([layer, allowed]) => `| \`${layer}\` | ${allowed.length ? allowed.map((a) => `\`${short(a)}\``).join(' ') : '–'} |`);
  return ['| layer | may import, besides itself (`electron/services/` and `renderer/` left out) |', '| --- | --- |', ...rows].join('\n');
}
