// What the admin is told about a failure (renderer/lib/error-copy.ts): per AppError code a headline and the
// next step. English; the 繁體中文 twin is ../zh-TW/errors.ts.
export const errors = {
  copy: {
    invalid_address: { title: "That address isn't valid", hint: "Check the school's address and try again." },
    no_platform: {
      title: 'No course platform at that address',
      hint: "The site answered, but it doesn't offer the platform's sign-in. Check the address: it is the one your school's admin pages live on.",
    },
    unreachable: { title: "Couldn't reach that address", hint: 'Check the address and your internet connection, then try again.' },
    insecure_issuer: {
      title: "The platform's sign-in isn't secure",
      hint: 'It asked to sign in over an unencrypted connection, so the app stopped. Contact the platform provider.',
    },
    issuer_mismatch: {
      title: "The platform didn't identify itself correctly",
      hint: "The address and the sign-in server it names do not vouch for each other, so the app stopped to keep your account safe. Check the address: it is the one your school's admin pages live on.",
    },
    bad_metadata: {
      title: 'No course platform sign-in found there',
      hint: "The site answered, but not the way a course platform's sign-in does. Check the address: it is the one your school's admin pages live on. If it is right, contact the platform provider.",
    },
    registration_refused: {
      title: 'The platform refused to register the app',
      hint: 'It may not allow desktop apps. Contact the platform provider to arrange access.',
    },
    access_denied: { title: 'Access was denied', hint: 'You chose not to allow access on the sign-in page, so nothing was connected. Try again when you are ready.' },
    authorization_failed: { title: "Sign-in didn't complete", hint: 'The sign-in page returned an error. Try again.' },
    state_mismatch: {
      title: "The sign-in reply didn't match",
      hint: 'It did not belong to the sign-in the app started, so the app ignored it. Start again from this screen.',
    },
    timed_out: { title: 'Sign-in timed out', hint: 'The sign-in page waited too long for an answer. Try again and finish it in your browser.' },
    cancelled: { title: 'Sign-in cancelled', hint: 'Nothing was connected. You can start again whenever you like.' },
    token_exchange_failed: { title: "Couldn't finish signing in", hint: 'The platform did not accept the sign-in. Try again.' },
    sign_in_needed: { title: 'Sign in again', hint: 'Your session with this school ended. Sign in again to keep working.' },
    insufficient_scope: { title: 'More access needed', hint: 'The app needs your permission to read this. Grant access to continue.' },
    rate_limited: { title: 'The platform asked the app to slow down', hint: 'Wait a moment, then try again.' },
    server_error: { title: 'The platform had a problem', hint: 'Try again in a moment.' },
    bad_response: { title: 'The platform sent something unexpected', hint: 'Try again; if it keeps happening, contact the platform provider.' },
    not_found: { title: 'Not found', hint: 'It may have been deleted on the platform.' },
    offline: { title: "You're offline", hint: 'The app will catch up when the connection is back.' },
    request_refused: { title: 'The platform refused the request', hint: 'Check what you entered and try again.' },
    invalid_input: { title: 'The app sent something invalid', hint: 'Try again; if it keeps happening, restart the app.' },
    forbidden_sender: { title: 'Request refused', hint: 'Restart the app.' },
    storage_unavailable: {
      title: "Can't keep your sign-in safe on this computer",
      hint: "The app couldn't use secure storage. Check your system's keychain, then try again.",
    },
    storage_corrupt: { title: "The app's saved data is damaged", hint: 'Sign in again to restore it.' },
    internal: { title: 'Something went wrong', hint: 'Try again; if it keeps happening, restart the app.' },
  },
  /** The renderer's own fallback, for a rejection that is no AppError (a bug somewhere). */
  unexpected: 'Something went wrong inside the app. Try again; if it keeps happening, restart the app.',
  /** The IPC router's own refusals (electron/services/ipc/router.ts). */
  router: {
    forbiddenSender: 'This window is not allowed to talk to the app.',
    unknownMethod: 'The app does not know that request.',
    malformed: 'The request {{method}} was malformed: {{issue}}.',
    notAvailable: 'That part of the app is not available yet.',
    internal: 'Something went wrong inside the app.',
  },
  /** The renderer's bridge to the main process (renderer/bridge/): browser mode's HTTP link, an unreadable answer. */
  bridge: {
    notRunning: 'The app is not running: start it again (npm start) and reload this page.',
    notSignedIn: 'This tab is not signed in to the app: open the launch link printed by "npm start".',
    refused: 'The app refused the request (HTTP {{status}}).',
    unreadable: 'The app sent an answer the window could not read.',
  },
  /** shared/school-address.ts: the Connect screen as the admin types, and the main process before it fetches. */
  address: {
    empty: "Enter your school's address, for example https://school.example.com.",
    tooLong: 'That address is too long.',
    spaces: 'An address cannot contain spaces.',
    notAddress: "That doesn't look like a web address. Try something like https://school.example.com.",
    scheme: 'Use a web address starting with https://.',
    noHost: 'The address needs a host name, for example school.example.com.',
    credentials: "Leave the user name and password out of the address: you sign in on the school's own page.",
    fragment: 'Remove the part after "#" from the address.',
    query: 'Remove the part after "?" from the address.',
    https: 'The school must be reached over https:// (plain http:// is only allowed for this computer).',
    incomplete: 'That host name is incomplete: include the domain, for example school.example.com.',
  },
};
