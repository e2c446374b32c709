// The events area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/events.ts.
export const events = {
  event: {
    when: 'When',
    inZone: 'In {{owner}}',
  },
};
