// Turns whatever electron-updater failed with into an AppError the admin can read. The cause is kept for
// the log (it never crosses the IPC seam); the words say what happened and that nothing was installed.
import { AppError } from '../../../shared/errors';
import { t } from '../../../shared/i18n/i18n';

const NETWORK = /net::ERR_(INTERNET_DISCONNECTED|NAME_NOT_RESOLVED|CONNECTION_\w+|NETWORK_\w+|ADDRESS_UNREACHABLE|TIMED_OUT|PROXY_\w+)|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|socket hang up/i;
// electron-updater's own verification failures: the sha512 in latest*.yml, the Windows publisher check,
// and Squirrel.Mac's code-signature check of the downloaded app.
const INTEGRITY = /sha512 checksum mismatch|checksum mismatch|not signed by the application owner|code ?signature|could not get code signature|signature verification/i;
const NOT_FOUND = /\b404\b|cannot find latest|no published versions|unable to find latest version|cannot find .*latest.*\.yml/i;
const SERVER = /\b(5\d\d)\b.*(error|status)|status(Code)?\W+5\d\d/i;

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name} ${error.message} ${String((error as { code?: unknown }).code ?? '')}`;
  return String(error);
}

export function classifyUpdateError(error: unknown): AppError {
  const text = describe(error);
  if (INTEGRITY.test(text)) {
    return new AppError('bad_response', t('main:updates.errors.integrity'), { cause: error });
  }
  if (NETWORK.test(text)) {
    return new AppError('unreachable', t('main:updates.errors.unreachable'), { cause: error });
  }
  if (NOT_FOUND.test(text)) {
    return new AppError('not_found', t('main:updates.errors.noRelease'), { cause: error });
  }
  if (SERVER.test(text)) {
    return new AppError('server_error', t('main:updates.errors.server'), { cause: error });
  }
  return new AppError('internal', t('main:updates.failed'), { cause: error });
}
