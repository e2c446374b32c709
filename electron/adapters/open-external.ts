// The system browser for sign-in (never an embedded window): only http(s) addresses are handed to the OS.
import { shell } from 'electron';
import { AppError } from '../../shared/errors';

export async function openExternal(url: string): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (cause) {
    throw new AppError('invalid_input', 'The address to open is not valid.', { cause });
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new AppError('invalid_input', `The app only opens web addresses in the browser, not "${parsed.protocol}" links.`);
  }
  await shell.openExternal(parsed.href);
}
