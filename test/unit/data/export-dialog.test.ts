// The Save dialog of an export says what is exported, in the UI language: "Export students" for students,
// never the orders' words (every export once said "Export orders").
import { afterEach, describe, expect, it } from 'vitest';
import { saveDialogDestination, type ExportSubject } from '../../../electron/services/engine/client/export-destination';
import { setUiLocale } from '../../../shared/i18n/i18n';

afterEach(() => setUiLocale({ language: 'en', locale: 'en-US' }));

async function titleFor(subject: ExportSubject): Promise<string> {
  let shown = '';
  const destination = saveDialogDestination(async (_name, title) => {
    shown = title;
    return null; // the admin pressed Cancel
  });
  expect(await destination.choose(`${subject}.csv`, subject)).toBeNull();
  return shown;
}

describe('the Save dialog of an export', () => {
  it('names what is exported', async () => {
    expect(await titleFor('orders')).toBe('Export orders');
    expect(await titleFor('students')).toBe('Export students');
    expect(await titleFor('activity')).toBe('Export the activity log');
    expect(await titleFor('stalledLearners')).toBe('Export stalled learners');
  });

  it('speaks the UI language', async () => {
    setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
    expect(await titleFor('students')).toBe('匯出學員');
    expect(await titleFor('stalledLearners')).toBe('匯出停滯學員');
  });
});
