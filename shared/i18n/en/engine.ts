// The data engine's words (electron/services/engine, electron/services/data): its progress labels and the
// messages of the errors it raises, read by the admin in the UI language (the worker follows the main
// process's language). English; the 繁體中文 twin is ../zh-TW/engine.ts. Error codes stay stable.
export const engine = {
  /** A synced collection's job name (in "… was cancelled") and its progress labels, first and later syncs. */
  sync: {
    orders: { job: 'Loading the orders', full: 'Loading orders', incremental: 'Checking for changed orders' },
    students: { job: 'Loading the students', full: 'Loading students', incremental: 'Checking for changed students' },
    subscriptions: { job: 'Loading the subscriptions', full: 'Loading subscriptions', incremental: 'Checking for changed subscriptions' },
  },
  exporting: { orders: 'Exporting orders', students: 'Exporting students', job: 'The export' },
  /** The list the platform sent the same page of twice. */
  lists: { orders: 'orders', students: 'students', enrollments: 'enrollments', courses: 'courses', subscriptions: 'subscriptions' },
  errors: {
    cancelled: 'Cancelled.',
    cancelledByAdmin: 'Cancelled by the admin.',
    notNeeded: 'Not needed.',
    jobCancelled: '{{what}} was cancelled.',
    jobRunning: 'A job with id "{{id}}" is already running.',
    samePageTwice: 'The platform sent the same page of {{what}} twice, so loading stopped.',
    notLoaded: 'The {{what}} could not be loaded.',
    signedOut: 'The school was signed out.',
    noMethod: 'The engine has no method {{method}}.',
    failed: 'The data engine failed; try again.',
    stopped: 'The data engine has stopped.',
    stoppedTryAgain: 'The data engine stopped; try again.',
    closing: 'The app is closing.',
    platformFailed: 'The platform call failed.',
    unknownTimeZone: 'Unknown time zone "{{zone}}".',
    unknownLocale: 'Unknown locale "{{locale}}".',
    exportUnavailable: 'Exporting to a file is not available here.',
    exportCancelled: 'The export was cancelled.',
    rangeOrder: 'The date range must start before it ends.',
  },
};
