// The one thing the app cannot do itself: keep a key safe. In the desktop app Electron's safeStorage
// (the OS key store) does it; in browser mode a key file readable only by the user; in tests a fake.
export interface SecretCipher {
  /** Names the protection, e.g. 'keychain', 'dpapi', 'gnome_libsecret', 'basic_text', 'key-file', 'fake'. */
  readonly backend: string;
  /** False when the backend does not really protect secrets (Linux basic_text): the vault refuses it unless the admin agreed. */
  readonly isStrong: boolean;
  encrypt(plain: Uint8Array): Promise<Uint8Array>;
  decrypt(sealed: Uint8Array): Promise<Uint8Array>;
}
