// Says, one line per step and before packaging starts, which signing and notarization steps this build
// will run and which it will skip (and what to set to run it). electron-builder reads the same
// variables itself; this only makes the outcome plain in the log. Values are never printed.
//
//   npx tsx build/release-env.ts [mac|win]      (defaults to the current platform)
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export type ReleasePlatform = 'mac' | 'win';
export type Env = Readonly<Record<string, string | undefined>>;

export interface ReleaseStep {
  step: string;
  enabled: boolean;
  line: string;
}

const present = (env: Env, name: string) => (env[name] ?? '').trim() !== '';
const allPresent = (env: Env, names: readonly string[]) => names.every((name) => present(env, name));

/** The credential sets electron-builder 26 accepts for notarization, in the order it tries them. */
export const NOTARIZE_CREDENTIALS = [
  ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
  ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
  ['APPLE_KEYCHAIN', 'APPLE_KEYCHAIN_PROFILE'],
] as const;

export function releaseSteps(platform: ReleasePlatform, env: Env): ReleaseStep[] {
  if (platform === 'mac') {
    const signing = present(env, 'CSC_LINK');
    const notarizeWith = NOTARIZE_CREDENTIALS.find((names) => allPresent(env, names));
    return [
      {
        step: 'mac code signing',
        enabled: signing,
        line: signing
          ? 'mac code signing: on (Developer ID certificate from CSC_LINK)'
          : 'mac code signing: skipped, CSC_LINK is not set: the app is ad-hoc signed, Gatekeeper will warn and auto-update cannot install it',
      },
      {
        step: 'mac notarization',
        enabled: signing && notarizeWith !== undefined,
        line: !notarizeWith
          ? 'mac notarization: skipped, set APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID (or APPLE_API_KEY, APPLE_API_KEY_ID and APPLE_API_ISSUER)'
          : signing
            ? `mac notarization: on (${notarizeWith.join(', ')})`
            : 'mac notarization: skipped, Apple only notarizes signed apps and CSC_LINK is not set',
      },
    ];
  }
  // Like electron-builder: WIN_CSC_LINK when it is defined at all (even empty), CSC_LINK otherwise.
  const link = env.WIN_CSC_LINK !== undefined ? 'WIN_CSC_LINK' : 'CSC_LINK';
  const source = present(env, link) ? link : undefined;
  return [
    {
      step: 'windows code signing',
      enabled: source !== undefined,
      line: source
        ? `windows code signing: on (certificate from ${source}; updates must be signed by the same publisher)`
        : 'windows code signing: skipped, WIN_CSC_LINK is not set: SmartScreen will warn and updates are not publisher-checked',
    },
  ];
}

function currentPlatform(): ReleasePlatform {
  return process.platform === 'win32' ? 'win' : 'mac';
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const arg = process.argv[2];
  const platform: ReleasePlatform = arg === 'mac' || arg === 'win' ? arg : currentPlatform();
  for (const { line } of releaseSteps(platform, process.env)) console.log(line);
}
