// A sandbox platform with a token of the test's own for each of its schools and each school's raw lists read over
// HTTP: what the report tests check the engine and the platform's report endpoints against (with the figures
// oracle). The platform's time comes from `clock`, its data is anchored at `dataNow`.
import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox';
import { launchChromium } from './chromium';
import { platformToken, rawApi, readRawSchool, type RawApi, type RawSchool } from './raw-records';

export interface RawSchoolAccess extends RawSchool {
  api: RawApi;
}

export interface RawSandbox {
  sandbox: Sandbox;
  schools: RawSchoolAccess[];
  close(): Promise<void>;
}

export async function startRawSandbox(options: SandboxOptions = {}): Promise<RawSandbox> {
  const [sandbox, browser] = await Promise.all([startSandbox({ orders: 6000, quiet: true, ...options }), launchChromium()]);
  try {
    const schools: RawSchoolAccess[] = [];
    for (const school of sandbox.platform.schools) {
      const api = rawApi(sandbox.url, await platformToken(sandbox.url, browser, { school: school.subdomain }));
      const raw = await readRawSchool(api);
      if (raw.school.id !== school.id) throw new Error(`The token is for ${raw.school.id}, not ${school.id}.`);
      schools.push({ ...raw, api });
    }
    return { sandbox, schools, close: () => sandbox.close() };
  } finally {
    await browser.close();
  }
}
