// Whatever a bridge call rejects with, as the one shape the UI shows: a SerializedAppError. The bridges
// reject with AppError (or its JSON); anything else is a bug somewhere and is shown as "internal" without
// its details (they may carry things the admin should not have to read).
import { APP_ERROR_CODES, type AppErrorCode, type SerializedAppError } from '../../shared/errors';
import { t } from '../../shared/i18n/i18n';

const CODES = new Set<string>(APP_ERROR_CODES);

function isCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && CODES.has(value);
}

export function toSerializedError(error: unknown): SerializedAppError {
  if (typeof error === 'object' && error !== null) {
    const candidate = error as { code?: unknown; message?: unknown; missingScopes?: unknown; retryAfterSeconds?: unknown; helpUrl?: unknown };
    if (isCode(candidate.code) && typeof candidate.message === 'string') {
      const out: SerializedAppError = { code: candidate.code, message: candidate.message };
      if (Array.isArray(candidate.missingScopes) && candidate.missingScopes.every((s) => typeof s === 'string')) {
        out.missingScopes = candidate.missingScopes as string[];
      }
      if (typeof candidate.retryAfterSeconds === 'number') out.retryAfterSeconds = candidate.retryAfterSeconds;
      if (typeof candidate.helpUrl === 'string' && /^https?:\/\//.test(candidate.helpUrl)) out.helpUrl = candidate.helpUrl;
      return out;
    }
  }
  return { code: 'internal', message: t('errors:unexpected') };
}
