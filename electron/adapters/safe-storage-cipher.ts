// SecretCipher over Electron's safeStorage (Keychain, DPAPI, libsecret/kwallet). On Linux the backend can
// silently be `basic_text` (a hard-coded key): reported as weak so the vault asks the admin first.
import { safeStorage } from 'electron';
import { AppError } from '../../shared/errors';
import type { SecretCipher } from '../services/store/secret-cipher';
import { t } from '../../shared/i18n/i18n';

export function safeStorageCipher(): SecretCipher {
  if (!safeStorage.isEncryptionAvailable()) {
    throw new AppError('storage_unavailable', t('errors:main.keyStoreUnavailable'));
  }
  const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : process.platform === 'darwin' ? 'keychain' : 'dpapi';
  const isStrong = backend !== 'basic_text' && backend !== 'unknown';
  return {
    backend,
    isStrong,
    async encrypt(plain) {
      return safeStorage.encryptString(Buffer.from(plain).toString('base64'));
    },
    async decrypt(sealed) {
      return Buffer.from(safeStorage.decryptString(Buffer.from(sealed)), 'base64');
    },
  };
}
