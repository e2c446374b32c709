// The launch link must not travel on a command line: `xdg-open <url>` shows the launch code to every local
// user (ps, /proc/*/cmdline), and whoever opens it first gets a session. Instead the link goes into a tiny
// HTML page in a private folder (0700, the file 0600) that sends the browser on, and the browser is given
// the file's path. The page is deleted after a minute (the code itself is single use and lives 5 minutes).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const LAUNCH_FILE_TTL_MS = 60_000;

/** Writes the redirect page; returns its path and how to remove it (also done by itself after `ttlMs`). */
export async function writeLaunchFile(url, { dir = tmpdir(), ttlMs = LAUNCH_FILE_TTL_MS } = {}) {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' || parsed.hostname !== '127.0.0.1') throw new Error('a launch link is an http://127.0.0.1 address');
  const folder = await mkdtemp(join(dir, 'school-companion-launch-'));
  const path = join(folder, 'open-school-companion.html');
  const href = escapeHtml(parsed.href);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${href}"><title>Opening School Companion…</title></head><body><p><a href="${href}">Open School Companion</a></p></body></html>\n`;
  await writeFile(path, html, { mode: 0o600, flag: 'wx' });
  const remove = () => rm(folder, { recursive: true, force: true });
  const timer = setTimeout(() => void remove(), ttlMs);
  timer.unref();
  return { path, remove: async () => { clearTimeout(timer); await remove(); } };
}

function escapeHtml(value) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
