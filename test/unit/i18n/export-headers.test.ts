// The CSV headers follow the UI language of the realm that writes them (the engine's worker follows the main
// process's): an admin reading 繁體中文 gets Chinese headers, the time zone still named.
import { afterEach, describe, expect, it } from 'vitest';
import { setUiLocale } from '../../../shared/i18n/i18n';
import { ordersCsvHeader } from '../../../electron/services/engine/worker/orders-csv-format';
import { studentsCsvHeader } from '../../../electron/services/engine/worker/students-csv';

describe('CSV headers in the UI language', () => {
  afterEach(() => setUiLocale({ language: 'en', locale: 'en-US' }));

  it('writes the orders and students headers in 繁體中文 when that is the language, English otherwise', () => {
    expect(ordersCsvHeader('Asia/Taipei').slice(0, 3)).toEqual(['Trade number', 'State', 'Created at (Asia/Taipei)']);
    setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
    const orders = ordersCsvHeader('Asia/Taipei', true);
    expect(orders.slice(0, 4)).toEqual(['訂單編號', '狀態', '建立時間（Asia/Taipei）', '付款時間（Asia/Taipei）']);
    expect(orders).toHaveLength(20);
    // Only the zone's name and the word Email (as Taiwanese forms write it) stay Latin.
    expect(orders.join('').replaceAll('Asia/Taipei', '').replaceAll('Email', '')).not.toMatch(/[A-Za-z]/);
    expect(studentsCsvHeader('Asia/Taipei')).toEqual(['姓名', 'Email', '標籤', '課程', '最近上線（Asia/Taipei）', '加入時間（Asia/Taipei）', '停滯的課程']);
  });
});
