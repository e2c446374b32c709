// Says, one line per step and before packaging starts, which signing and notarization steps this build
// will run and which it will skip (and what to set to run it). electron-builder reads the same
// variables itself; this only makes the outcome plain in the log. Values are never printed.
//
//   npx tsx build/release-env.ts [mac|win]      (defaults to the current platform)
//   npx tsx build/release-env.ts win --signing  (prints azure, pfx or none)
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

/**
 * Azure Trusted Signing (electron-builder 26's win.azureSignOptions): the service principal electron-builder's
 * TrustedSigning module signs in with, and the account, profile and publisher the workflow passes as
 * -c.win.azureSignOptions.* (docs/release.md). Windows certificates are no longer issued as PFX files.
 */
export const AZURE_SIGNING_VARIABLES = [
  'AZURE_TENANT_ID',
  'AZURE_CLIENT_ID',
  'AZURE_CLIENT_SECRET',
  'AZURE_TRUSTED_SIGNING_ENDPOINT',
  'AZURE_TRUSTED_SIGNING_ACCOUNT',
  'AZURE_TRUSTED_SIGNING_PROFILE',
  'AZURE_TRUSTED_SIGNING_PUBLISHER',
] as const;

/** Which way Windows builds are signed: Azure Trusted Signing when all its variables are set, else a PFX, else none. */
export function windowsSigning(env: Env): 'azure' | 'pfx' | 'none' {
  if (allPresent(env, AZURE_SIGNING_VARIABLES)) return 'azure';
  // Like electron-builder: WIN_CSC_LINK when it is defined at all (even empty), CSC_LINK otherwise.
  const link = env.WIN_CSC_LINK !== undefined ? 'WIN_CSC_LINK' : 'CSC_LINK';
  return present(env, link) ? 'pfx' : 'none';
}

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
  const how = windowsSigning(env);
  const link = env.WIN_CSC_LINK !== undefined ? 'WIN_CSC_LINK' : 'CSC_LINK';
  const someAzure = AZURE_SIGNING_VARIABLES.filter((name) => present(env, name));
  const azureMissing = someAzure.length > 0 && how !== 'azure' ? `; Azure Trusted Signing is not used: ${AZURE_SIGNING_VARIABLES.filter((name) => !present(env, name)).join(', ')} not set` : '';
  return [
    {
      step: 'windows code signing',
      enabled: how !== 'none',
      line:
        how === 'azure'
          ? 'windows code signing: on (Azure Trusted Signing; updates must be signed by the same publisher)'
          : how === 'pfx'
            ? `windows code signing: on (certificate from ${link}; updates must be signed by the same publisher)${azureMissing}`
            : `windows code signing: skipped, neither Azure Trusted Signing (AZURE_*) nor WIN_CSC_LINK is set: SmartScreen will warn and updates are not publisher-checked${azureMissing}`,
    },
  ];
}

function currentPlatform(): ReleasePlatform {
  return process.platform === 'win32' ? 'win' : 'mac';
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const arg = process.argv[2];
  const platform: ReleasePlatform = arg === 'mac' || arg === 'win' ? arg : currentPlatform();
  // `win --signing` prints only azure, pfx or none: the workflow picks electron-builder's signing from it.
  if (process.argv.includes('--signing')) console.log(windowsSigning(process.env));
  else for (const { line } of releaseSteps(platform, process.env)) console.log(line);
}
