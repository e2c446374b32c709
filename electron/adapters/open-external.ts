// The system browser for sign-in (never an embedded window): only http(s) addresses are handed to the OS.
import { shell } from 'electron';
import { AppError } from '../../shared/errors';
import { t } from '../../shared/i18n/i18n';

export async function openExternal(url: string): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (cause) {
    throw new AppError('invalid_input', t('errors:main.openInvalid'), { cause });
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new AppError('invalid_input', t('errors:main.openOnlyWeb', { protocol: parsed.protocol }));
  }
  await shell.openExternal(parsed.href);
}
