// The writes area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/writes.ts.
export const writes = {
  dialog: {
    cancel: 'Cancel',
    keepSubscription: 'Keep subscription',
  },
  pending: {
    waiting: 'Waiting to be sent: {{summary}}',
    hint: 'Kept in the outbox until the platform can be reached. Open the outbox to edit or drop it.',
    short: 'Waiting to be sent',
  },
};
