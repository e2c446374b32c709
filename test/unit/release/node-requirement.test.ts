// The Node the project states (package.json "engines") is the Node a fresh install is quiet on: every
// package in the lockfile accepts every version of the stated range (npm prints EBADENGINE otherwise), and
// .ci/run fetches a newer Node exactly when the machine's is outside that range.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

// semver is npm's own version logic (here through its many dependents); typed locally for the two calls used.
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

const root = process.cwd();
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string }; devDependencies: Record<string, string> };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { engines?: { node?: string } | string[] }> };
const stated = pkg.engines.node;

/** The lowest version of each alternative of the stated range, plus a few later ones inside it. */
function samplesOf(range: string): string[] {
  const lows = range.split('||').map((part) => semver.minVersion(part.trim())!.version);
  const later = ['22.20.0', '24.21.0', '25.0.0', '26.3.0'].filter((v) => semver.satisfies(v, range));
  return [...new Set([...lows, ...later])];
}

describe('the stated Node requirement', () => {
  it('is accepted by every package in the lockfile (a fresh npm ci prints no EBADENGINE)', () => {
    const refusals: string[] = [];
    for (const version of samplesOf(stated)) {
      for (const [path, entry] of Object.entries(lock.packages)) {
        const wanted = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
        if (path && wanted && !semver.satisfies(version, wanted)) refusals.push(`${path.replace(/^.*node_modules\//, '')} wants ${wanted}, not ${version}`);
      }
    }
    expect(refusals).toEqual([]);
  });

  it('includes the Node the tools run on (the node devDependency)', () => {
    expect(semver.satisfies(pkg.devDependencies.node!, stated)).toBe(true);
  });

  it('is what .ci/run checks before it fetches a newer Node', () => {
    const run = readFileSync(join(root, '.ci', 'run'), 'utf8');
    const check = /if ! node -e '([^']+)'; then/.exec(run)?.[1];
    expect(check, 'the Node version check in .ci/run').toBeTruthy();
    const passes = (version: string): boolean => {
      let code = -1;
      const process = { versions: { node: version }, exit: (c: number) => (code = c) };
      runInNewContext(check!, { process });
      return code === 0;
    };
    for (const version of ['18.20.0', '20.19.0', '20.20.2', '22.12.0', '22.13.0', '22.20.0', '23.11.0', '24.0.0', '24.21.0', '26.1.0']) {
      expect(passes(version), version).toBe(semver.satisfies(version, stated));
    }
  });
});
