// The writes area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/writes.ts.
export const writes = {
  dialog: {
    cancel: 'Cancel',
    keepSubscription: 'Keep subscription',
    needsPermission: '{{verb}} needs one more permission: <strong>{{scopes}}</strong>. You confirm it on your school\'s sign-in page, in your browser; then the change is made.',
    notNow: 'Not now',
    waitingForBrowser: 'Waiting for the browser…',
    grantAccess: 'Grant access',
    close: 'Close',
    tryAgain: 'Try again',
  },
  notice: {
    undo: 'Undo',
    queued: 'Saved in the outbox',
    openOutbox: 'Open the outbox',
  },
  outboxCount_one: '{{formatted}} change in the outbox',
  outboxCount_other: '{{formatted}} changes in the outbox',
  pending: {
    waiting: 'Waiting to be sent: {{summary}}',
    hint: 'Kept in the outbox until the platform can be reached. Open the outbox to edit or drop it.',
    short: 'Waiting to be sent',
  },
  // What a row of the exported activity log is, for "Saved 12 entries to …".
  activityRows_one: 'entry',
  activityRows_other: 'entries',
};
