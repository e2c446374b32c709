// The one thing the app cannot do itself: keep a key safe. In the desktop app Electron's safeStorage
// (the OS key store) does it; in browser mode a key file readable only by the user; in tests a fake.
import { t } from '../../../shared/i18n/i18n';
import type { SecretProtection } from '../../../shared/ipc/security';

export interface SecretCipher {
  /** Names the protection, e.g. 'keychain', 'dpapi', 'gnome_libsecret', 'basic_text', 'key-file', 'fake'. */
  readonly backend: string;
  /**
   * True only when the operating system seals the key for this user (Keychain, DPAPI, libsecret, KWallet).
   * A key anyone who reads the user's files can read (Linux basic_text, browser mode's key file) is not
   * strong: the vault refuses it unless the admin agreed (desktop) or started browser mode, and Settings says so.
   */
  readonly isStrong: boolean;
  encrypt(plain: Uint8Array): Promise<Uint8Array>;
  decrypt(sealed: Uint8Array): Promise<Uint8Array>;
}

const OS_KEY_STORES = ['keychain', 'dpapi', 'gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6'] as const;
type OsKeyStore = (typeof OS_KEY_STORES)[number];
const isOsKeyStore = (backend: string): backend is OsKeyStore => (OS_KEY_STORES as readonly string[]).includes(backend);

/** What Settings tells the admin about the cipher in use: honest about where the key lives. */
export function describeProtection(cipher: Pick<SecretCipher, 'backend' | 'isStrong'>, weakAllowed: boolean): SecretProtection {
  if (cipher.isStrong && isOsKeyStore(cipher.backend)) {
    return { backend: cipher.backend, level: 'os-key-store', summary: t('main:protection.osKeyStore', { store: t(`main:protection.stores.${cipher.backend}`) }), weakAllowed };
  }
  if (cipher.backend === 'key-file') {
    return {
      backend: cipher.backend,
      level: 'weak',
      summary: t('main:protection.keyFile'),
      weakAllowed,
    };
  }
  if (cipher.backend === 'basic_text') {
    return {
      backend: cipher.backend,
      level: 'weak',
      summary: t('main:protection.basicText'),
      weakAllowed,
    };
  }
  return { backend: cipher.backend, level: cipher.isStrong ? 'unknown' : 'weak', summary: t('main:protection.other', { backend: cipher.backend }), weakAllowed };
}
