// The headline and the next step for each failure the UI can show. The main process's message says what
// happened in detail; this says it in a few words and tells the admin what to do about it.
import type { AppErrorCode } from '../../shared/errors';
import { t } from '../../shared/i18n/i18n';

interface ErrorCopy {
  title: string;
  /** What the admin can do next. */
  hint: string;
  /** Shown calmly (not as an error): the admin chose it. */
  tone: 'error' | 'neutral';
}

/** Shown calmly (not as an error): the admin chose it, or it is a step to take rather than a failure. */
const NEUTRAL: ReadonlySet<AppErrorCode> = new Set<AppErrorCode>(['access_denied', 'cancelled', 'sign_in_needed', 'insufficient_scope', 'offline']);

/** The headline and hint in the current UI language (errors:copy.<code>). */
export function errorCopy(code: AppErrorCode): ErrorCopy {
  return { title: t(`errors:copy.${code}.title`), hint: t(`errors:copy.${code}.hint`), tone: NEUTRAL.has(code) ? 'neutral' : 'error' };
}

/**
 * Failures whose title and hint already say, in plain words, what happened and what to do: the main
 * process's own message (status codes, well-known paths) is only a technical detail there, shown folded.
 * For the others (e.g. "You chose X on the sign-in page, but this is for Y") the message is the news.
 */
const TECHNICAL_DETAIL: ReadonlySet<AppErrorCode> = new Set<AppErrorCode>([
  'unreachable',
  'no_platform',
  'bad_metadata',
  'insecure_issuer',
  'issuer_mismatch',
  'registration_refused',
  'server_error',
  'bad_response',
  'token_exchange_failed',
  'internal',
]);

export function messageIsTechnical(code: AppErrorCode): boolean {
  return TECHNICAL_DETAIL.has(code);
}
