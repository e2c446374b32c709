// GET /orders (filters, sort, cursor pages over up to a million orders) and GET /orders/{id}.
import { Order, OrderState, pageOf } from '../../../shared/platform/resources';
import type { BusinessRoute } from '../http/business-route';
import type { DemoPlatform } from '../data';
import { courseIndex } from './courses';
import { ORDER_SORTS, queryOrders, type OrderFilter } from './order-index';
import { buildPage, pageWindow, queryKey, ResultCache } from './paging';
import { invalid, notFound, param, parseCurrency, parseEnum, parseEnumList, parseTime } from './params';
import { defineRoute, PAGE_PARAMETERS } from './route';

export function orderRoutes(platform: DemoPlatform): BusinessRoute[] {
  const results = new ResultCache<Uint32Array>(6);
  return [
    defineRoute(platform, 'listOrders', {
      response: pageOf(Order),
      query: [
        { name: 'state', description: `Comma-separated states: ${OrderState.options.join(', ')}` },
        { name: 'paid_from', description: 'Paid at or after this ISO 8601 time (orders never paid are left out)' },
        { name: 'paid_to', description: 'Paid before this ISO 8601 time' },
        { name: 'updated_since', description: 'Updated at or after this ISO 8601 time' },
        { name: 'course_id', description: 'Only orders with a curriculum-plan line item of this course' },
        { name: 'coupon', description: 'Only orders that redeemed this coupon code (case-insensitive)' },
        { name: 'currency', description: 'Only orders in this ISO 4217 currency' },
        { name: 'q', description: 'Case-insensitive text in the trade number, the buyer name or e-mail; or an exact order id' },
        { name: 'sort', description: `One of ${ORDER_SORTS.join(', ')} (default -created_at). Ties by id in the same direction; orders without paid_at come last either way` },
        ...PAGE_PARAMETERS,
      ],
      handle: (request, school) => {
        const { query } = request;
        const filter: OrderFilter = { sort: parseEnum(query, 'sort', ORDER_SORTS) ?? '-created_at' };
        const states = parseEnumList(query, 'state', OrderState.options);
        if (states) filter.states = states;
        const paidFrom = parseTime(query, 'paid_from');
        const paidTo = parseTime(query, 'paid_to');
        if (paidFrom !== undefined) filter.paidFrom = paidFrom;
        if (paidTo !== undefined) filter.paidTo = paidTo;
        const updatedSince = parseTime(query, 'updated_since');
        if (updatedSince !== undefined) filter.updatedSince = updatedSince;
        const courseId = param(query, 'course_id');
        if (courseId !== undefined) {
          const index = courseIndex(school, courseId);
          if (index < 0) throw invalid(`course_id ${JSON.stringify(courseId)} names no course of this school.`);
          filter.courseIndex = index;
        }
        const code = param(query, 'coupon');
        if (code !== undefined) {
          const wanted = code.toUpperCase();
          filter.couponIndexes = new Set(school.catalog.coupons.flatMap((c, k) => (c.coupon.code.toUpperCase() === wanted ? [k] : [])));
        }
        const currency = parseCurrency(query);
        if (currency !== undefined) filter.currencyIndex = school.currencies.indexOf(currency);
        const q = param(query, 'q');
        if (q !== undefined) filter.q = q;

        const key = queryKey(school.school.id, 'listOrders', query);
        const window = pageWindow(query, key);
        const matches = results.get(`${key}#${school.orders.revision}`, () => queryOrders(school, filter));
        return buildPage(window, matches.length, (p) => school.orders.materialize(matches[p]!, school.catalog, school.students));
      },
    }),
    defineRoute(platform, 'getOrder', {
      response: Order,
      handle: (request, school) => {
        const id = request.params.order_id ?? '';
        const index = school.orders.indexOf(id);
        if (index < 0) throw notFound('order', id);
        return school.orders.materialize(index, school.catalog, school.students);
      },
    }),
  ];
}
