// How the explorer writes a value it knows something about, in both languages: a declared choice as a word from
// the catalogue (a value it has no word for, as it is), a field by its catalogue name, ids of another list's
// records by their names (an id without a known name stays the id), everything else as before.
import { afterEach, expect, it } from 'vitest';
import { setUiLocale } from '../../../shared/i18n/i18n';
import type { ExplorerArea } from '../../../shared/model/explorer';
import { fieldLabel, knownFieldsOf, linkedText, valueText } from '../../../renderer/features/explorer/known-fields';

afterEach(() => setUiLocale({ language: 'en', locale: 'en-US' }));

const area = {
  id: 'posts', title: 'Posts', offered: true, readScope: 'posts:read', shape: 'list', getOne: false, other: [], edit: null,
  filters: [{ name: 'access', label: 'Access', kind: 'enum', required: false, nullable: false, description: null, options: ['login_required', 'paid', 'public', 'members_only'] }],
  linked: ['category_id', 'post_category_ids'],
  choices: { state: ['draft', 'published'] },
} satisfies ExplorerArea;
const names = { category_id: { pcat_1: 'Announcements' }, post_category_ids: { pcat_1: 'Announcements', pcat_2: 'Learning tips' } };
const en = { locale: 'en-US', timeZone: 'Asia/Taipei' };
const zh = { locale: 'zh-TW', timeZone: 'Asia/Taipei' };

it('English: words for declared choices, names for linked ids, the rest as it is', () => {
  const known = knownFieldsOf(area, names);
  expect(valueText('access', 'login_required', en, known)).toBe('Login required');
  expect(valueText('access', 'members_only', en, known)).toBe('members_only');
  expect(valueText('access', 'vip', en, known)).toBe('vip');
  expect(valueText('state', 'draft', en, known)).toBe('Draft');
  expect(valueText('category_id', 'pcat_1', en, known)).toBe('Announcements');
  expect(valueText('category_id', 'pcat_9', en, known)).toBe('pcat_9');
  expect(valueText('category_id', null, en, known)).toBe('—');
  expect(valueText('post_category_ids', ['pcat_2', 'pcat_1'], en, known)).toBe('Learning tips, Announcements');
  expect(linkedText('category_id', 'pcat_1', known, true)).toBe('Announcements (pcat_1)');
  expect(valueText('published_at', '2026-11-20T16:30:00Z', en, known)).toBe('Nov 21, 2026, 12:30 AM');
  expect(fieldLabel('category_id')).toBe('Category');
  expect(fieldLabel('logo_url')).toBe('Logo address');
  expect(fieldLabel('some_other_field')).toBe('Some other field');
});

it('繁體中文: the same values in Chinese words, the school time zone for dates', () => {
  setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
  const known = knownFieldsOf(area, { category_id: { pcat_1: '最新公告' }, post_category_ids: { pcat_1: '最新公告', pcat_2: '學習技巧' } });
  expect(valueText('access', 'login_required', zh, known)).toBe('登入後可看');
  expect(valueText('access', 'members_only', zh, known)).toBe('members_only');
  expect(valueText('post_category_ids', ['pcat_1', 'pcat_2'], zh, known)).toBe('最新公告、學習技巧');
  expect(linkedText('category_id', 'pcat_1', known, true)).toBe('最新公告（pcat_1）');
  expect(valueText('published_at', '2026-11-20T16:30:00Z', zh, known)).toMatch(/^2026\/11\/21\s00:30$/);
  expect(fieldLabel('category_id')).toBe('分類');
  expect(fieldLabel('published_at')).toBe('發布時間');
});

it('without names read (no link declared, or not read yet) a linked field shows its ids', () => {
  const known = knownFieldsOf({ ...area, linked: [] });
  expect(valueText('category_id', 'pcat_1', en, known)).toBe('pcat_1');
  expect(valueText('post_category_ids', ['pcat_1'], en, known)).toBe('1 item');
});
