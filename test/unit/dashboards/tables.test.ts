import { describe, expect, it } from 'vitest';
import type { CourseRow } from '../../../shared/ipc/data';
import { filterCourses, revenueCurrencies, sortCourses, NO_COURSE_FILTER } from '../../../renderer/features/courses/course-table';
import { describePlans } from '../../../renderer/features/courses/plans';
import { blocksFor, rowAt, ORDER_BLOCK_SIZE } from '../../../renderer/data/orders-window';
import { hasOrderFilters, NO_COUPON, productOptions, toOrderFilters } from '../../../renderer/features/orders/order-filters';
import { isStaleAfterInvalidation } from '../../../renderer/data/query-keys';

function course(id: string, over: Partial<CourseRow> = {}): CourseRow {
  return {
    id,
    title: `Course ${id}`,
    slug: `course-${id}`,
    state: 'published',
    categories: [],
    tags: [],
    lecturerIds: [],
    pricingPlans: [],
    createdAt: '2026-01-01T00:00:00Z',
    publishedAt: null,
    sectionsCount: 1,
    lecturesCount: 1,
    stats: { enrollments: 0, activeStudents: 0, completions: 0, completionRate: 0 },
    updatedAt: null,
    learning: { enrollments: 0, activeStudents: 0, completions: 0, completionRate: 0 },
    revenue: [],
    ...over,
  };
}

describe('course list', () => {
  const courses = [
    course('a', { title: 'Watercolour basics', state: 'published', categories: ['Art'], tags: ['beginner'], learning: { enrollments: 30, activeStudents: 5, completions: 3, completionRate: 0.1 }, stats: { enrollments: 1, activeStudents: 90, completions: 1, completionRate: 0.9 }, revenue: [{ currency: 'TWD', gross: 900, refunds: 0, net: 900, orders: 3 }] }),
    course('b', { title: 'Oil painting', state: 'draft', categories: ['Art'], tags: ['advanced'], learning: { enrollments: 10, activeStudents: 9, completions: 8, completionRate: 0.8 }, revenue: [{ currency: 'TWD', gross: 5000, refunds: 1000, net: 4000, orders: 2 }, { currency: 'USD', gross: 100000, refunds: 0, net: 100000, orders: 1 }] }),
    course('c', { title: 'Python for data', state: 'hidden', categories: ['Code'], tags: ['beginner'], learning: { enrollments: 50, activeStudents: 1, completions: 0, completionRate: 0 } }),
  ];

  it('filters by text, state, category and tag together', () => {
    expect(filterCourses(courses, { ...NO_COURSE_FILTER, text: 'PAINT' }).map((c) => c.id)).toEqual(['b']);
    expect(filterCourses(courses, { ...NO_COURSE_FILTER, tag: 'beginner' }).map((c) => c.id)).toEqual(['a', 'c']);
    expect(filterCourses(courses, { ...NO_COURSE_FILTER, tag: 'beginner', category: 'Art' }).map((c) => c.id)).toEqual(['a']);
    expect(filterCourses(courses, { ...NO_COURSE_FILTER, state: 'hidden' }).map((c) => c.id)).toEqual(['c']);
  });

  it('sorts by the range\'s figures (not the all-time stats) both ways', () => {
    expect(sortCourses(courses, { key: 'enrollments', direction: 'desc' }, null).map((c) => c.id)).toEqual(['c', 'a', 'b']);
    expect(sortCourses(courses, { key: 'completionRate', direction: 'asc' }, null).map((c) => c.id)).toEqual(['c', 'a', 'b']);
    expect(sortCourses(courses, { key: 'title', direction: 'asc' }, null).map((c) => c.id)).toEqual(['b', 'c', 'a']);
  });

  it('sorts revenue within one currency, never adding two', () => {
    expect(revenueCurrencies(courses)).toEqual(['TWD', 'USD']);
    // b earned 100000 USD cents but only 4000 TWD: in TWD it is still ahead of a (900), c earned nothing.
    expect(sortCourses(courses, { key: 'revenue', direction: 'desc' }, 'TWD').map((c) => c.id)).toEqual(['b', 'a', 'c']);
    // In USD only b earned anything; the others tie at zero and keep title order.
    expect(sortCourses(courses, { key: 'revenue', direction: 'desc' }, 'USD').map((c) => c.id)).toEqual(['b', 'c', 'a']);
  });

  it('describes plans in a few words', () => {
    const plans = [
      { id: 'p1', kind: 'free' as const, name: 'Free', price: 0, currency: 'USD', interval: null },
      { id: 'p2', kind: 'subscription' as const, name: 'Monthly', price: 1500, currency: 'USD', interval: 'month' as const },
      { id: 'p3', kind: 'one_time' as const, name: 'Once', price: 9900, currency: 'USD', interval: null },
    ];
    expect(describePlans(plans, 'en-US')).toBe('Free, $15.00 / month +1 more');
    expect(describePlans([], 'en-US')).toBe('No plans');
  });
});

describe('orders windows', () => {
  it('covers the visible rows with whole blocks, clamped to the set', () => {
    expect(blocksFor(0, 50, 10_000)).toEqual([0]);
    expect(blocksFor(190, 410, 10_000)).toEqual([0, 1, 2]);
    expect(blocksFor(9_990, 10_100, 10_000)).toEqual([49]);
    expect(blocksFor(0, 10, 0)).toEqual([0]);
  });

  it('finds a row in its block, or nothing while it loads', () => {
    const blocks = new Map([[1, Array.from({ length: ORDER_BLOCK_SIZE }, (_, i) => ORDER_BLOCK_SIZE + i)]]);
    expect(rowAt(blocks, ORDER_BLOCK_SIZE + 5)).toBe(ORDER_BLOCK_SIZE + 5);
    expect(rowAt(blocks, 5)).toBeUndefined();
  });
});

describe('order filters', () => {
  const base = { allTime: true, from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z', states: [], courseId: '', productId: '', coupon: '', currency: '', text: '  ' };

  it('leaves out what is not filtered, so equal filters share one query', () => {
    expect(toOrderFilters(base)).toEqual({});
  });

  it('maps each field, states in a stable order, and "no coupon" to the empty code', () => {
    expect(toOrderFilters({ ...base, allTime: false, states: ['refunded', 'paid'], courseId: 'c1', coupon: NO_COUPON, currency: 'USD', text: ' ann ' })).toEqual({
      from: base.from,
      to: base.to,
      states: ['paid', 'refunded'],
      courseId: 'c1',
      coupon: '',
      currency: 'USD',
      text: 'ann',
    });
  });
});

describe('refetch after invalidation', () => {
  it('refetches only the dashboards of the named account, not the orders load itself', () => {
    expect(isStaleAfterInvalidation(['data.sales.report', { accountId: 'a1' }], 'a1')).toBe(true);
    expect(isStaleAfterInvalidation(['data.sales.report', { accountId: 'a2' }], 'a1')).toBe(false);
    expect(isStaleAfterInvalidation(['accounts.list', {}], 'a1')).toBe(false);
    expect(isStaleAfterInvalidation(['data.orders.load', { accountId: 'a1' }], 'a1')).toBe(false);
  });
});

describe('the Orders filter options', () => {
  it('tells apart products that share a name by when they last sold, then by number', () => {
    const options = productOptions(
      [
        { id: 'a', name: 'Masterclass · General', kind: 'ticket', lastSoldAt: '2024-03-14T10:00:00Z' },
        { id: 'b', name: 'Masterclass · General', kind: 'ticket', lastSoldAt: '2025-09-02T10:00:00Z' },
        { id: 'c', name: 'Open Studio · VIP', kind: 'ticket', lastSoldAt: '2025-01-01T00:00:00Z' },
        { id: 'd', name: 'Career Night · VIP', kind: 'ticket', lastSoldAt: null },
        { id: 'e', name: 'Career Night · VIP', kind: 'ticket', lastSoldAt: null },
      ],
      (iso) => iso.slice(0, 10),
    );
    expect(options).toEqual([
      { value: 'a', label: 'Masterclass · General · last sold 2024-03-14' },
      { value: 'b', label: 'Masterclass · General · last sold 2025-09-02' },
      { value: 'c', label: 'Open Studio · VIP' },
      { value: 'd', label: 'Career Night · VIP · last sold never (1)' },
      { value: 'e', label: 'Career Night · VIP · last sold never (2)' },
    ]);
    expect(new Set(options.map((o) => o.label)).size).toBe(options.length);
  });

  it('says when any filter is set (a range other than All time counts)', () => {
    const none = { allTime: true, states: [], courseId: '', productId: '', coupon: '', currency: '', text: '  ' };
    expect(hasOrderFilters(none)).toBe(false);
    expect(hasOrderFilters({ ...none, allTime: false })).toBe(true);
    expect(hasOrderFilters({ ...none, coupon: NO_COUPON })).toBe(true);
    expect(hasOrderFilters({ ...none, text: 'lea' })).toBe(true);
  });
});
