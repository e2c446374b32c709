// The GitHub workflows cannot run here, so everything about them that can be checked is: they parse, every
// `npm run X` names a script in package.json, every `npx X` a binary in node_modules/.bin, every file path
// a `run:` line mentions exists in the repo, and the release pipeline does its steps in the right order
// with exactly the secrets the README documents.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { AZURE_SIGNING_VARIABLES } from '../../../build/release-env';

const root = process.cwd();
const dir = join(root, '.github', 'workflows');
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on': string;
  needs?: string | string[];
  if?: string;
  container?: string;
  strategy?: { matrix?: { include?: Record<string, string>[] } };
  steps: Step[];
}
interface Workflow {
  name: string;
  on: unknown;
  jobs: Record<string, Job>;
}

const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
const workflows = files.map((file) => {
  const text = readFileSync(join(dir, file), 'utf8');
  return { file, text, workflow: load(text) as Workflow };
});

/** Script names in `npm run X`, `npm run -s X`, `npm test`, `npm start`. */
function npmScripts(command: string): string[] {
  const names = [...command.matchAll(/\bnpm\s+run(?:-script)?\s+(?:(?:-s|--silent|--if-present)\s+)*([\w:.-]+)/g)].map((m) => m[1]!);
  for (const m of command.matchAll(/\bnpm\s+(test|start)\b/g)) names.push(m[1]!);
  return names;
}

/** Binaries in `npx X` (flags skipped). */
function npxBinaries(command: string): string[] {
  return [...command.matchAll(/\bnpx\s+(?:--?[\w-]+\s+)*([\w@][\w@./-]*)/g)].map((m) => m[1]!);
}

/** Relative repo paths a shell line mentions: tokens with a slash that are not globs, URLs, variables or absolute. */
function repoPaths(command: string): string[] {
  const withoutExpressions = command.replace(/\$\{\{[\s\S]*?\}\}/g, ' ');
  return withoutExpressions
    .split(/[\s'"`()<>|;&,]+/)
    .filter((token) => token.includes('/') && !/[*$@=:{}\\]/.test(token) && !token.startsWith('/') && !token.startsWith('-'))
    .map((token) => token.replace(/^\.\//, '').replace(/\/$/, ''));
}

function runLines(workflow: Workflow): string[] {
  return Object.values(workflow.jobs).flatMap((job) => job.steps.map((step) => step.run).filter((run): run is string => typeof run === 'string'));
}

describe('the helpers that read workflow commands', () => {
  it('find scripts, binaries and paths in shell lines', () => {
    expect(npmScripts('npm ci && npm run build && npm run -s build:electron; npm test')).toEqual(['build', 'build:electron', 'test']);
    expect(npxBinaries('npx playwright test -c x && npx --yes tsx build/release-env.ts')).toEqual(['playwright', 'tsx']);
    expect(repoPaths(`bash .ci/run && node -p "require('./package.json').version" > /dev/null; echo "$X" >> "$GITHUB_ENV" && ls release/*.dmg \${{ matrix.os }}/x`))
      .toEqual(['.ci/run', 'package.json']);
  });
});

describe.each(workflows)('$file', ({ workflow }) => {
  it('parses as a workflow with a name, triggers and jobs that have steps', () => {
    expect(typeof workflow.name).toBe('string');
    expect(workflow.on).toBeTruthy();
    expect(Object.keys(workflow.jobs).length).toBeGreaterThan(0);
    for (const job of Object.values(workflow.jobs)) {
      expect(job['runs-on']).toBeTruthy();
      expect(job.steps.length).toBeGreaterThan(0);
      for (const step of job.steps) expect(Boolean(step.run) !== Boolean(step.uses)).toBe(true);
    }
  });

  it('runs only npm scripts that package.json defines', () => {
    const missing = runLines(workflow).flatMap(npmScripts).filter((name) => !(name in scripts));
    expect(missing).toEqual([]);
  });

  it('runs only npx binaries that are installed', () => {
    const missing = runLines(workflow).flatMap(npxBinaries).filter((bin) => !existsSync(join(root, 'node_modules', '.bin', bin)));
    expect(missing).toEqual([]);
  });

  it('mentions only files that exist in the repo', () => {
    const missing = runLines(workflow).flatMap(repoPaths).filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });

  it('uses actions pinned to a version', () => {
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    for (const step of steps.filter((s) => s.uses)) expect(step.uses).toMatch(/^[\w.-]+\/[\w.-]+@v?\d/);
  });
});

describe('ci.yml', () => {
  const ci = workflows.find((w) => w.file === 'ci.yml')!.workflow;

  it('runs .ci/run on Linux for pushes and pull requests', () => {
    expect(Object.keys(ci.on as Record<string, unknown>).sort()).toEqual(['pull_request', 'push']);
    const job = Object.values(ci.jobs)[0]!;
    expect(job['runs-on']).toBe('ubuntu-latest');
    expect(job.container).toMatch(/^node:20-bookworm/); // .ci/run's "fresh Debian machine with Node 20"
    expect(runLines(ci)).toContain('bash .ci/run');
  });
});

describe('release.yml', () => {
  const { workflow: release, text } = workflows.find((w) => w.file === 'release.yml')!;
  const packageJob = release.jobs.package!;
  const lines = packageJob.steps.map((step) => step.run ?? step.uses ?? '');
  const indexOf = (pattern: RegExp) => {
    const index = lines.findIndex((line) => pattern.test(line));
    expect(index, `a step matching ${pattern}`).toBeGreaterThanOrEqual(0);
    return index;
  };

  it('runs on version tags (and by hand)', () => {
    expect(release.on).toEqual({ push: { tags: ['v*'] }, workflow_dispatch: null });
  });

  it('packages on macOS and Windows runners', () => {
    const include = packageJob.strategy?.matrix?.include ?? [];
    expect(include.map((entry) => [entry.os, entry.platform])).toEqual([['macos-latest', 'mac'], ['windows-latest', 'win']]);
    expect(packageJob['runs-on']).toBe('${{ matrix.os }}');
  });

  it('installs, fetches Electron, builds, runs the real app, then packages, in that order', () => {
    const setupNode = packageJob.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with?.['node-version']).toBe(24);
    const order = [
      indexOf(/^npm ci\b/),
      indexOf(/^node node_modules\/electron\/install\.js$/),
      indexOf(/npx playwright install chromium/),
      indexOf(/npm run build && npm run build:electron/),
      indexOf(/npx playwright test -c test\/electron\/playwright\.electron\.config\.ts/),
      indexOf(/npx electron-builder --\$\{\{ matrix\.platform \}\} --publish "\$PUBLISH"/),
      indexOf(/^actions\/upload-artifact@/),
    ];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('publishes only on version tags, into one draft that is published when both platforms are in', () => {
    expect(text).toMatch(/PUBLISH: \$\{\{ startsWith\(github\.ref, 'refs\/tags\/v'\) && 'always' \|\| 'never' \}\}/);
    expect(release.jobs.draft?.if).toBe("startsWith(github.ref, 'refs/tags/v')");
    expect(release.jobs.publish?.needs).toBe('package');
    expect(release.jobs.publish?.steps.map((s) => s.run).join('\n')).toMatch(/gh release edit .*--draft=false/);
  });

  it('uploads the installers and the update metadata', () => {
    const upload = packageJob.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@') && step.name === 'Upload the installers');
    const paths = String(upload?.with?.path).trim().split('\n');
    expect(paths).toEqual(['release/*.dmg', 'release/*.zip', 'release/*.exe', 'release/*.blockmap', 'release/latest*.yml']);
    expect(upload?.with?.['if-no-files-found']).toBe('error');
  });

  it('reads exactly the documented secrets, and the README documents each', () => {
    const secrets = new Set([...text.matchAll(/secrets\.(\w+)/g)].map((m) => m[1]));
    const documented = ['CSC_LINK', 'CSC_KEY_PASSWORD', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID', 'WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD', ...AZURE_SIGNING_VARIABLES, 'GITHUB_TOKEN'];
    expect([...secrets].sort()).toEqual([...documented].sort());
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const releasing = readme.slice(readme.indexOf('## Releasing'));
    expect(readme).toContain('## Releasing');
    for (const name of documented) expect(releasing).toContain(name);
  });

  it('signs Windows with Azure Trusted Signing when release-env says so, passing every required azureSignOptions field, the PFX dropped', () => {
    const packaging = lines[indexOf(/npx electron-builder/)]!;
    expect(packaging).toContain('"$(npx tsx build/release-env.ts win --signing)" = azure');
    const scheme = JSON.parse(readFileSync(join(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8')) as { definitions: Record<string, { required: string[] }> };
    const required = [...scheme.definitions.WindowsAzureSigningConfiguration!.required].sort();
    const passed = [...packaging.matchAll(/-c\.win\.azureSignOptions\.(\w+)="\$(\w+)"/g)];
    expect(passed.map((m) => m[1]).sort()).toEqual(required);
    for (const [, , variable] of passed) expect(AZURE_SIGNING_VARIABLES).toContain(variable);
    const azureBranch = packaging.slice(packaging.indexOf('= azure'), packaging.indexOf('signing=(', packaging.indexOf('= azure')));
    expect(azureBranch).toContain('unset WIN_CSC_LINK WIN_CSC_KEY_PASSWORD');
    expect(packaging).toMatch(/npx electron-builder --\$\{\{ matrix\.platform \}\} --publish "\$PUBLISH" "\$\{signing\[@\]\}"/);
    for (const name of AZURE_SIGNING_VARIABLES) expect(packaging).toContain(name);
  });

  it('drops empty secrets before electron-builder sees them (an empty CSC_LINK is taken for a certificate)', () => {
    const packaging = lines[indexOf(/npx electron-builder/)]!;
    expect(packaging).toMatch(/if \[ -z "\$\{!name\}" \]; then unset "\$name"; fi/);
    expect(packaging.indexOf('unset "$name"')).toBeLessThan(packaging.indexOf('npx electron-builder'));
  });
});
