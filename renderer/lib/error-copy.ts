// The headline and the next step for each failure the UI can show. The main process's message says what
// happened in detail; this says it in a few words and tells the admin what to do about it.
import type { AppErrorCode } from '../../shared/errors';

interface ErrorCopy {
  title: string;
  /** What the admin can do next. */
  hint: string;
  /** Shown calmly (not as an error): the admin chose it. */
  tone: 'error' | 'neutral';
}

const COPY: Record<AppErrorCode, ErrorCopy> = {
  invalid_address: { title: "That address isn't valid", hint: "Check the school's address and try again.", tone: 'error' },
  no_platform: {
    title: 'No course platform at that address',
    hint: "The site answered, but it doesn't offer the platform's sign-in. Check the address: it is the one your school's admin pages live on.",
    tone: 'error',
  },
  unreachable: { title: "Couldn't reach that address", hint: 'Check the address and your internet connection, then try again.', tone: 'error' },
  insecure_issuer: {
    title: "The platform's sign-in isn't secure",
    hint: 'It asked to sign in over an unencrypted connection, so the app stopped. Contact the platform provider.',
    tone: 'error',
  },
  issuer_mismatch: {
    title: "The platform didn't identify itself correctly",
    hint: 'Its sign-in server gave a different address than expected, so the app stopped to keep your account safe.',
    tone: 'error',
  },
  bad_metadata: {
    title: "No course platform sign-in found there",
    hint: "The site answered, but not the way a course platform's sign-in does. Check the address: it is the one your school's admin pages live on. If it is right, contact the platform provider.",
    tone: 'error',
  },
  registration_refused: {
    title: 'The platform refused to register the app',
    hint: 'It may not allow desktop apps. Contact the platform provider to arrange access.',
    tone: 'error',
  },
  access_denied: { title: 'Access was denied', hint: 'You chose not to allow access on the sign-in page, so nothing was connected. Try again when you are ready.', tone: 'neutral' },
  authorization_failed: { title: "Sign-in didn't complete", hint: 'The sign-in page returned an error. Try again.', tone: 'error' },
  state_mismatch: {
    title: "The sign-in reply didn't match",
    hint: 'It did not belong to the sign-in the app started, so the app ignored it. Start again from this screen.',
    tone: 'error',
  },
  timed_out: { title: 'Sign-in timed out', hint: 'The sign-in page waited too long for an answer. Try again and finish it in your browser.', tone: 'error' },
  cancelled: { title: 'Sign-in cancelled', hint: 'Nothing was connected. You can start again whenever you like.', tone: 'neutral' },
  token_exchange_failed: { title: "Couldn't finish signing in", hint: 'The platform did not accept the sign-in. Try again.', tone: 'error' },
  sign_in_needed: { title: 'Sign in again', hint: 'Your session with this school ended. Sign in again to keep working.', tone: 'neutral' },
  insufficient_scope: { title: 'More access needed', hint: 'The app needs your permission to read this. Grant access to continue.', tone: 'neutral' },
  rate_limited: { title: 'The platform asked the app to slow down', hint: 'Wait a moment, then try again.', tone: 'error' },
  server_error: { title: 'The platform had a problem', hint: 'Try again in a moment.', tone: 'error' },
  bad_response: { title: 'The platform sent something unexpected', hint: 'Try again; if it keeps happening, contact the platform provider.', tone: 'error' },
  not_found: { title: 'Not found', hint: 'It may have been deleted on the platform.', tone: 'error' },
  offline: { title: "You're offline", hint: 'The app will catch up when the connection is back.', tone: 'neutral' },
  request_refused: { title: 'The platform refused the request', hint: 'Check what you entered and try again.', tone: 'error' },
  invalid_input: { title: 'The app sent something invalid', hint: 'Try again; if it keeps happening, restart the app.', tone: 'error' },
  forbidden_sender: { title: 'Request refused', hint: 'Restart the app.', tone: 'error' },
  storage_unavailable: {
    title: "Can't keep your sign-in safe on this computer",
    hint: "The app couldn't use secure storage. Check your system's keychain, then try again.",
    tone: 'error',
  },
  storage_corrupt: { title: "The app's saved data is damaged", hint: 'Sign in again to restore it.', tone: 'error' },
  internal: { title: 'Something went wrong', hint: 'Try again; if it keeps happening, restart the app.', tone: 'error' },
};

export function errorCopy(code: AppErrorCode): ErrorCopy {
  return COPY[code];
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
