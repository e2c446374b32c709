// The words of a write (confirmation, notice, activity log, outbox) come out in the UI language of the moment,
// with its dates, numbers and amounts: the same request worded in English, then in 繁體中文.
import { afterEach, describe, expect, it } from 'vitest';
import { setUiLocale } from '../../../shared/i18n/i18n';
import { ACTIVITY_RESULT_LABELS } from '../../../shared/ipc/writes';
import { describeWrite, type WriteRequest } from '../../../shared/model/writes';
import { conflictReason, fieldConflictReason, plainRefusal } from '../../../electron/services/writes/outbox-policy';
import { activityToCsv } from '../../../electron/services/writes/activity-csv';

const inChinese = () => setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
/** ICU puts a thin space between a Chinese date and its time in some versions (Node's), a plain one in others. */
const plain = (text: string) => text.replace(/\u2009/g, ' ');
afterEach(() => setUiLocale({ language: 'en', locale: 'en-US' }));

const coupon: WriteRequest = {
  kind: 'coupon.create',
  draft: { code: 'NEWYEAR', discount: { kind: 'amount', amounts: [{ currency: 'TWD', amountOff: 120000 }] }, startsAt: '2026-12-31T16:00:00.000Z', endsAt: null, usageLimit: 1500, perBuyerLimit: 1, courseIds: [] },
};
const moved: WriteRequest = {
  kind: 'event.update',
  eventId: 'evt_1',
  title: '水彩直播課',
  changes: { startsAt: '2026-12-01T12:00:00.000Z', capacities: [{ ticketTypeId: 'tkt_1', capacity: 1200 }] },
  previous: { startsAt: '2026-12-01T11:00:00.000Z', capacities: [{ ticketTypeId: 'tkt_1', capacity: 1000 }] },
  ticketNames: { tkt_1: '一般票' },
  seenUpdatedAt: null,
};

describe('the words of a write in the UI language', () => {
  it('a coupon: a TWD amount in whole dollars and a start in the school time zone, named, in English and in 繁體中文', () => {
    const english = describeWrite(coupon, { timeZone: 'Asia/Taipei' });
    expect(english.question).toBe('Create coupon “NEWYEAR”?');
    expect(english.consequence).toBe('NT$1,200 off, every course, from Jan 1, 2027, 00:00 (Asia/Taipei), no end, 1,500 uses in total, 1 per buyer. Buyers can use the code as soon as it starts.');
    inChinese();
    const chinese = describeWrite(coupon, { timeZone: 'Asia/Taipei' });
    expect(chinese).toMatchObject({ verb: '建立', question: '要建立優惠碼「NEWYEAR」嗎？', done: '已建立優惠碼「NEWYEAR」', summary: '建立優惠碼「NEWYEAR」', failed: '無法建立優惠碼「NEWYEAR」' });
    expect(plain(chinese.consequence)).toBe('折抵 NT$1,200、所有課程、2027/01/01 00:00（Asia/Taipei）起、無結束時間、總共可用 1,500 次、每位購買人限用 1 次。開始後購買人就能使用這組優惠碼。');
  });

  it("an event's change old → new: times in the school's zone and numbers as the locale writes them", () => {
    expect(describeWrite(moved, { timeZone: 'Asia/Taipei' }).consequence).toBe('Starts: Dec 1, 2026, 19:00 (Asia/Taipei) → Dec 1, 2026, 20:00 (Asia/Taipei); capacity (一般票): 1,000 → 1,200. Ticket buyers and visitors see it on your school\'s site.');
    inChinese();
    const words = describeWrite(moved, { timeZone: 'Asia/Taipei' });
    expect(plain(words.consequence)).toBe('開始：2026/12/01 19:00（Asia/Taipei） → 2026/12/01 20:00（Asia/Taipei）；名額（一般票）：1,000 → 1,200。購票者和訪客會在你的網校看到。');
    expect(words.summary).toBe('修改活動「水彩直播課」：時間和名額');
  });

  it('every kind of write has Chinese words with no English left in them', () => {
    const requests: WriteRequest[] = [
      coupon,
      moved,
      { kind: 'course.setPublished', courseId: 'c', title: '水彩入門', published: false, seenUpdatedAt: null },
      { kind: 'coupon.setEnabled', couponId: 'k', code: '早鳥', enabled: true, seenUpdatedAt: null },
      { kind: 'subscription.cancel', subscriptionId: 's', memberName: '林美玲', atPeriodEnd: true, seenUpdatedAt: null },
      { kind: 'student.setTags', studentId: 's', studentName: '陳大文', tags: ['VIP', '企業'], previousTags: [], seenUpdatedAt: null },
      { kind: 'student.addTag', studentId: 's', studentName: '陳大文', tag: '企業' },
      { kind: 'student.removeTag', studentId: 's', studentName: '陳大文', tag: '企業' },
      { kind: 'student.enroll', studentId: 's', studentName: '陳大文', courseId: 'c', courseTitle: '水彩入門', planId: null, planName: null },
      { kind: 'student.unenroll', studentId: 's', studentName: '陳大文', enrollmentId: 'e', courseId: 'c', courseTitle: '水彩入門', planId: null, planName: null, progress: 0.25, seenUpdatedAt: null },
      { kind: 'record.update', area: 'posts', recordId: 'p', name: '開課公告', changes: { published: false }, previous: { published: true }, scope: 'posts:write', seenUpdatedAt: null },
    ];
    inChinese();
    for (const request of requests) {
      const words = describeWrite(request, { timeZone: 'Asia/Taipei' });
      const text = [words.verb, words.question, words.consequence, words.done, words.summary, words.failed].join(' ');
      // Latin letters only in the names the admin gave (VIP), the zone's name, the currency's symbol, field names and 「App」.
      expect(text.replaceAll('App', '').replaceAll('Asia/Taipei', '').replaceAll('NT$', '').replaceAll('VIP', '').replaceAll('NEWYEAR', '').replace(/published/gi, ''), request.kind).not.toMatch(/[A-Za-z]/);
    }
    expect(describeWrite(requests[2]!).question).toBe('要取消發布「水彩入門」嗎？');
    expect(describeWrite(requests[9]!).consequence).toContain('已完成 25% 的單元');
    expect(describeWrite(requests[10]!).consequence).toBe('Published：是 → 否。學員會立即在你的網校看到這項變更。');
  });

  it("the outbox's reasons and the activity log's results and CSV follow the language", () => {
    const seen = '2026-11-01T00:00:00.000Z';
    const now = { kind: 'found' as const, updatedAt: '2026-11-02T00:00:00.000Z' };
    expect(conflictReason('Course “水彩入門”', seen, now, (iso) => iso.slice(0, 10))).toMatch(/^Course “水彩入門” was changed on the platform \(2026-11-02\)/);
    inChinese();
    expect(conflictReason('課程「水彩入門」', seen, now, (iso) => iso.slice(0, 10))).toBe('課程「水彩入門」在你修改的版本（2026-11-01）之後又在平台上被修改（2026-11-02），因此這項變更沒有送出。請重新查看，如果仍然需要，再修改一次。');
    expect(fieldConflictReason('文章「開課公告」', { title: 'a' }, { title: 'b' })).toContain('（title已和你看到的不同）');
    expect(plainRefusal('無法停用優惠碼「早鳥」', new Error('school.example 拒絕了這個請求（invalid_request）。 這組優惠碼已過期。'))).toBe('無法停用優惠碼「早鳥」。school.example 表示：這組優惠碼已過期。');
    expect(ACTIVITY_RESULT_LABELS.conflict).toBe('未送出：平台上已有變更');
    const csv = activityToCsv([{ id: 'a', at: '2026-11-27T02:00:00.000Z', kind: 'coupon.create', summary: 'Create coupon “NEWYEAR”', result: 'done', detail: null, target: null, request: coupon }], 'Asia/Taipei');
    expect(csv).toContain('時間,時間（UTC）,變更,結果');
    // Worded again from its request in the export's language, not the English it was logged in.
    expect(csv).toContain('2026-11-27 10:00:00,2026-11-27T02:00:00.000Z,建立優惠碼「NEWYEAR」,已完成');
  });
});
