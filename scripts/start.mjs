#!/usr/bin/env node
// `npm start`: the app on its built-in default. Builds the renderer when needed, starts the sandbox
// platform in this process (unless --school names a school), then opens the desktop app where the Electron
// runtime is installed, or serves browser mode and prints (and, with a display, opens) its launch address.
// Options: --school <address>, --port <n> (browser mode), --no-open. Ctrl-C stops everything.
// The sandbox keeps its port and its OAuth state in the app's data folder (test/sandbox/demo-default.ts), so
// the demo schools connected before are still signed in after a restart. The terminal gets what a person can
// act on; the details go to the log file in the data folder.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const isWindows = process.platform === 'win32';

function options() {
  try {
    const { values } = parseArgs({
      options: { school: { type: 'string' }, port: { type: 'string' }, 'no-open': { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
      strict: true,
    });
    const port = values.port === undefined ? undefined : Number(values.port);
    if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) throw new Error('--port needs a number between 0 and 65535');
    return { school: values.school, port, open: !values['no-open'], help: values.help };
  } catch (error) {
    console.error(`${error.message}\nUsage: npm start -- [--school <address>] [--port <n>] [--no-open]`);
    process.exit(2);
  }
}

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Runs the project's Vite with this Node (works whether or not node_modules/.bin is on PATH). */
function vite(args) {
  const bin = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [bin, ...args, '--logLevel', 'error'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) {
    console.error(`"vite ${args.join(' ')}" failed (exit ${result.status}).`);
    process.exit(1);
  }
}

/** The renderer is rebuilt when dist/renderer is missing or older than anything it is built from. */
function ensureRendererBuilt() {
  const index = join(root, 'dist', 'renderer', 'index.html');
  const sources = ['renderer', 'shared', 'vite.config.ts'].map((p) => join(root, p)).filter(existsSync);
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(...sources.map(newestMtime))) return;
  console.log('Building the app…');
  vite(['build']);
}

function electronBinary() {
  try {
    const dir = join(root, 'node_modules', 'electron');
    const relative = readFileSync(join(dir, 'path.txt'), 'utf8').trim();
    const binary = join(dir, 'dist', relative);
    return relative && existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/** The app's data folder: SCHOOL_COMPANION_DATA_DIR, else Electron's userData (desktop) or ~/.school-companion (browser mode). */
function dataDirFor(desktop) {
  if (process.env.SCHOOL_COMPANION_DATA_DIR) return process.env.SCHOOL_COMPANION_DATA_DIR;
  if (!desktop) return join(homedir(), '.school-companion');
  const { productName } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const appData = process.platform === 'darwin' ? join(homedir(), 'Library', 'Application Support')
    : isWindows ? (process.env.APPDATA || join(homedir(), 'AppData', 'Roaming'))
    : (process.env.XDG_CONFIG_HOME || join(homedir(), '.config'));
  return join(appData, productName);
}

function hasDisplay() {
  if (process.platform === 'darwin' || isWindows) return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

/** Opens a local file (never the launch URL itself: see launch-file.mjs) with the system's opener. */
function openInBrowser(path) {
  const [command, args] = process.platform === 'darwin' ? ['open', [path]] : isWindows ? ['cmd', ['/c', 'start', '""', path]] : ['xdg-open', [path]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => console.log('Could not open a browser by itself: open the address above.'));
    child.unref();
  } catch {
    console.log('Could not open a browser by itself: open the address above.');
  }
}

/**
 * The app runs on the Node the project pins (the `node` devDependency, first on PATH under `npm start`). An older
 * Node started by hand serves the pages but its data engine's worker cannot load the app's TypeScript, so every
 * figure would fail: say so instead.
 */
function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 13)) return;
  console.error(`School Companion needs Node 22.13 or newer; this is Node ${process.versions.node}. Start it with "npm start", which uses the project's own Node.`);
  process.exit(1);
}

async function main() {
  checkNode();
  const opts = options();
  if (opts.help) {
    console.log('Usage: npm start -- [--school <address>] [--port <n>] [--no-open]');
    return;
  }
  ensureRendererBuilt();

  const stoppers = [];
  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    for (const close of stoppers.reverse()) await close().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  const electron = electronBinary();
  const dataDir = dataDirFor(Boolean(electron));
  const { logFilePath } = await tsImport('../electron/services/log.ts', import.meta.url);

  let school = opts.school;
  let schoolLabel = school;
  let formerAddresses = [];
  let demo = null;
  if (!school) {
    const { startDemoDefault } = await tsImport('../test/sandbox/demo-default.ts', import.meta.url);
    demo = await startDemoDefault({ dataDir, quiet: true });
    stoppers.push(() => demo.close());
    school = demo.sandbox.url;
    schoolLabel = 'Demo school (local sandbox)';
    formerAddresses = demo.formerAddresses;
    console.log(`Sandbox platform with the demo schools: ${school}`);
    const { changes } = demo.status();
    if (changes > 0) console.log(`It keeps ${changes === 1 ? 'the change' : `the ${changes} changes`} made in the demo schools since their last reset.`);
    if (demo.skippedChanges.length > 0) console.log(`${demo.skippedChanges.length} of them could not be applied again (details in the log).`);
    if (demo.movedFrom) {
      console.log(`Its usual address ${demo.movedFrom} is in use by another program, so it runs at ${school} from now on.`);
      console.log('Schools you connected at the old address offer "Reconnect" in the app: no need to sign in from scratch.');
    }
  }
  // --school names a school the person wants now: the app offers it (connect, or switch to it) even when signed in.
  const named = opts.school !== undefined;

  if (electron) {
    vite(['build', '-c', 'vite.electron.config.ts', '--mode', 'main']);
    vite(['build', '-c', 'vite.electron.config.ts', '--mode', 'preload']);
    const args = ['.', '--school', school, '--school-label', schoolLabel, ...formerAddresses.flatMap((address) => ['--school-former', address]), ...(named ? ['--school-named'] : []), ...(demo?.remade ? ['--school-data-remade'] : [])];
    // The terminal is the demo platform's control here (the app's Settings offers it in browser mode).
    const app = spawn(electron, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    stoppers.push(async () => { if (app.exitCode === null) app.kill(); });
    app.on('exit', (code) => void stop(code ?? 0));
    console.log('School Companion is running (desktop app).');
    console.log("Details are logged in the OS's log folder for the app (Help › Open Log Folder, or Settings › About).");
    if (demo) listenToTerminal(demoKeys(demo));
    return;
  }

  console.log('Electron runtime not available here (no binary and no way to fetch one): serving browser mode instead.');
  const { startBrowserHost } = await tsImport('../electron/browser-host/server.ts', import.meta.url);
  const host = await startBrowserHost({
    school, schoolLabel, formerSchoolAddresses: formerAddresses, schoolNamed: named, dataDir,
    ...(demo ? { demoPlatform: demo } : {}),
    ...(opts.port !== undefined ? { port: opts.port } : {}),
  });
  for (const skipped of demo?.skippedChanges ?? []) host.logger.warn('demo platform: a kept change could not be applied again', { operation: skipped.operationId, reason: skipped.reason });
  stoppers.push(() => host.close());
  // An error nobody caught goes to the log file (and one line to this terminal), never lost silently; an
  // uncaught exception then stops the app cleanly (closing the log), as Node itself would have stopped it.
  const { logUnhandledErrors } = await tsImport('../electron/services/desktop/process-errors.ts', import.meta.url);
  logUnhandledErrors(process, host.logger, { afterUncaughtException: () => void stop(1) });
  console.log(`School Companion is running: open ${host.url}`);
  console.log(`Details are logged to ${logFilePath(dataDir)}`);
  const { writeLaunchFile } = await import('./launch-file.mjs');
  const openLaunchLink = async (url) => {
    const launchFile = await writeLaunchFile(url);
    stoppers.push(() => launchFile.remove());
    openInBrowser(launchFile.path);
  };
  if (opts.open && hasDisplay()) await openLaunchLink(host.url);
  // Each link works once (one browser, one session): another browser, or this one after its session ended,
  // needs a new one. Typed here, in the terminal that started the app, never passed on a command line.
  listenToTerminal({
    ...(demo ? demoKeys(demo) : {}),
    '': {
      help: 'Press Enter here for a new launch link (another browser, or when a session has ended).',
      run: () => {
        const url = host.issueLaunchUrl();
        console.log(`New launch link: ${url}`);
        if (opts.open && hasDisplay()) void openLaunchLink(url);
      },
    },
  });
}

/**
 * The demo platform's keys: o takes it offline and back (to try the outbox), r resets the demo school (asked
 * twice: it drops every change made in it). The same as the demo's controls in the app's Settings.
 */
function demoKeys(demo) {
  let resetAskedAt = 0;
  return {
    o: {
      help: 'Type o and Enter to take the demo platform offline, and again to bring it back (to try offline work).',
      run: async () => {
        const next = !demo.status().offline;
        try {
          await demo.setOffline(next);
          console.log(next ? 'The demo platform is offline: the app keeps your changes in its outbox. Type o and Enter to bring it back.' : 'The demo platform is back online.');
        } catch (error) {
          console.log(`The demo platform could not come back: ${error.message}`);
        }
      },
    },
    r: {
      help: 'Type r and Enter to reset the demo school (every change made in it is dropped).',
      run: async () => {
        if (Date.now() - resetAskedAt > 15_000) {
          resetAskedAt = Date.now();
          const { changes } = demo.status();
          console.log(`Reset the demo school? ${changes === 1 ? 'The one change' : `All ${changes} changes`} made in it will be dropped and it starts fresh for today. Type r and Enter again within 15 s to confirm.`);
          return;
        }
        resetAskedAt = 0;
        await demo.reset();
        console.log('The demo school was reset: it is as generated for today, and the app is still signed in to it.');
      },
    },
  };
}

/** Each line typed in the terminal runs the command of its first letter (Enter alone: ''). */
function listenToTerminal(commands) {
  if (process.stdin.isTTY) for (const command of Object.values(commands)) console.log(command.help);
  process.stdin.on('error', () => undefined);
  process.stdin.setEncoding('utf8');
  let buffer = '';
  let running = Promise.resolve();
  process.stdin.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop();
    for (const line of lines) {
      const command = commands[line.trim().toLowerCase().slice(0, 1)];
      if (!command) {
        console.log(`Nothing is bound to "${line.trim()}". ${Object.values(commands).map((c) => c.help).join(' ')}`);
        continue;
      }
      // One after another: a reset is not overtaken by the next key.
      running = running.then(() => command.run()).catch((error) => console.log(`That did not work: ${error.message}`));
    }
  });
}

main().catch((error) => {
  console.error(`School Companion could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
