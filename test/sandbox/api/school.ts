// The school, its settings and content: coupons, events, posts, comments, lecturers, digital products,
// forms, pages, appearance, account, and uploads to storage.
import { z } from 'zod';
import {
  Account, Appearance, Comment, Coupon, DigitalProduct, Form, Lecturer, Post, PostCategory, School, SchoolEvent, SitePage, Upload, pageOf,
} from '../../../shared/platform/resources';
import { BusinessError, type BusinessRoute } from '../http/business-route';
import type { DemoPlatform, SchoolData } from '../data';
import { iso, type CouponRecord, type EventRecord } from '../data/catalog';
import { isValidTimeZone } from '../data/time-zone';
import { pageOfList, queryKey } from './paging';
import { notFound, param, parseBody, parseEnum, parseEnumList, parseTime, requireChanges } from './params';
import { defineRoute, PAGE_PARAMETERS } from './route';

const isoInput = z.iso.datetime({ offset: true });
const TimeZone = z.string().refine(isValidTimeZone, 'must be an IANA time zone such as Asia/Tokyo');

const CouponInput = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{3,32}$/, 'must be 3 to 32 letters, digits, - or _'),
  description: z.string().trim().max(200).nullable().optional(),
  kind: z.enum(['percent', 'fixed']),
  percent_off: z.number().gt(0).max(100).optional(),
  amount_off: z.int().positive().optional(),
  currency: z.string().regex(/^[A-Z]{3}$/).optional(),
  /** A fixed coupon's amount in each of several currencies, instead of amount_off and currency. */
  amounts_off: z.array(z.object({ currency: z.string().regex(/^[A-Z]{3}$/), amount: z.int().positive() }).strict()).min(1).max(20).optional(),
  starts_at: isoInput.optional(),
  ends_at: isoInput.nullable().optional(),
  usage_limit: z.int().positive().nullable().optional(),
  per_buyer_limit: z.int().positive().nullable().optional(),
  course_ids: z.array(z.string().min(1)).max(200).optional(),
}).strict();
const SchoolPatch = z.object({ name: z.string().trim().min(1).max(120).optional(), time_zone: TimeZone.optional() }).strict();
const AppearancePatch = z.object({
  theme: z.string().trim().min(1).max(60).optional(),
  primary_color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour').optional(),
  logo_url: z.url().nullable().optional(),
}).strict();
const EventPatch = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  starts_at: isoInput.optional(),
  ends_at: isoInput.optional(),
  /** New capacities of some of its ticket types; none below the tickets already sold. */
  tickets: z.array(z.object({ id: z.string().min(1), capacity: z.int().nonnegative().max(1_000_000) }).strict()).min(1).max(50).optional(),
}).strict();
const PostPatch = z.object({ title: z.string().trim().min(1).max(200).optional(), access: Post.shape.access.optional(), published: z.boolean().optional() }).strict();
const DigitalProductPatch = z.object({ name: z.string().trim().min(1).max(200).optional(), price: z.int().nonnegative().optional(), state: DigitalProduct.shape.state.optional() }).strict();
const LecturerPatch = z.object({ name: z.string().trim().min(1).max(120).optional(), bio: z.string().max(2000).optional() }).strict();
const PagePatch = z.object({ title: z.string().trim().min(1).max(200).optional(), state: SitePage.shape.state.optional() }).strict();
const AccountPatch = z.object({ name: z.string().trim().min(1).max(120).optional(), time_zone: TimeZone.optional() }).strict();
const UploadInput = z.object({ name: z.string().trim().min(1).max(255), content_type: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a media type such as image/png'), size: z.int().nonnegative().max(5 * 1024 ** 3) }).strict();

export function serveEvent(e: EventRecord): z.infer<typeof SchoolEvent> {
  return {
    id: e.id, title: e.title, starts_at: e.starts_at, ends_at: e.ends_at, lecturer_ids: [...e.lecturer_ids],
    tickets: e.tickets.map((t) => ({ id: t.id, name: t.name, price: t.price, currency: t.currency, capacity: t.capacity, sold: t.sold })),
    attendees: { ...e.attendees },
    updated_at: e.updated_at,
  };
}

function findCoupon(school: SchoolData, id: string | undefined): CouponRecord {
  const record = school.catalog.coupons.find((c) => c.coupon.id === id);
  if (!record) throw notFound('coupon', id ?? '');
  return record;
}

/** updated_at moves only when the state really changes, so an idempotent repeat is not a change. */
function setCouponState(record: CouponRecord, state: 'active' | 'disabled', now: number): z.infer<typeof Coupon> {
  if (record.coupon.state !== state) {
    record.coupon.state = state;
    record.coupon.updated_at = new Date(now).toISOString();
  }
  return record.coupon;
}

function byId<T extends { id: string }>(list: T[], id: string | undefined, what: string): T {
  const found = list.find((x) => x.id === id);
  if (!found) throw notFound(what, id ?? '');
  return found;
}

function listRoute<T>(platform: DemoPlatform, operationId: Parameters<typeof defineRoute>[1], item: z.ZodType, items: (school: SchoolData) => T[]): BusinessRoute {
  return defineRoute(platform, operationId, {
    response: pageOf(item),
    query: PAGE_PARAMETERS,
    handle: (request, school) => pageOfList(request.query, queryKey(school.school.id, operationId, request.query), items(school)),
  });
}

export function schoolRoutes(platform: DemoPlatform): BusinessRoute[] {
  const stamp = () => iso(Math.floor(platform.clock() / 1000) * 1000);
  return [
    defineRoute(platform, 'getSchool', { response: School, handle: (_request, school) => school.school }),
    defineRoute(platform, 'updateSchool', {
      response: School,
      body: SchoolPatch,
      handle: (request, school) => {
        const patch = parseBody(SchoolPatch, request.body);
        requireChanges(patch);
        if (patch.name !== undefined) school.school.name = patch.name;
        if (patch.time_zone !== undefined) school.school.time_zone = patch.time_zone;
        return school.school;
      },
    }),

    defineRoute(platform, 'listCoupons', {
      response: pageOf(Coupon),
      query: [{ name: 'state', description: 'active or disabled' }, { name: 'q', description: 'Case-insensitive text in the code or the description' }, ...PAGE_PARAMETERS],
      summary: 'Coupons; redemptions = orders carrying the coupon in state paid, refunding or refunded',
      handle: (request, school) => {
        const state = parseEnum(request.query, 'state', ['active', 'disabled'] as const);
        const q = param(request.query, 'q')?.toUpperCase();
        const list = school.catalog.coupons.map((c) => c.coupon).filter((c) => (!state || c.state === state) && (!q || c.code.toUpperCase().includes(q) || (c.description ?? '').toUpperCase().includes(q)));
        return pageOfList(request.query, queryKey(school.school.id, 'listCoupons', request.query), list);
      },
    }),
    defineRoute(platform, 'getCoupon', {
      response: Coupon,
      handle: (request, school) => findCoupon(school, request.params.coupon_id).coupon,
    }),
    defineRoute(platform, 'createCoupon', {
      response: Coupon,
      body: CouponInput,
      status: 201,
      summary: 'Create a coupon: percent (percent_off) or fixed (amount_off in minor units with a currency of the school, or amounts_off with one amount per currency); optional description, usage_limit, per_buyer_limit, ends_at and course_ids (empty or absent: every course); codes are unique, case-insensitive (409 conflict)',
      handle: (request, school) => {
        const input = parseBody(CouponInput, request.body);
        const bad = (message: string) => new BusinessError(400, 'invalid_request', message);
        const amounts = input.amounts_off ?? (input.amount_off !== undefined && input.currency !== undefined ? [{ currency: input.currency, amount: input.amount_off }] : undefined);
        if (input.kind === 'percent' && (input.percent_off === undefined || input.amount_off !== undefined || input.currency !== undefined || input.amounts_off !== undefined)) throw bad('percent_off: a percent coupon needs percent_off (and no amount_off, currency or amounts_off).');
        if (input.kind === 'fixed' && (input.percent_off !== undefined || amounts === undefined || (input.amounts_off !== undefined && (input.amount_off !== undefined || input.currency !== undefined)))) throw bad('amount_off: a fixed coupon needs amount_off and currency, or amounts_off (and no percent_off).');
        for (const { currency } of amounts ?? []) if (!school.currencies.includes(currency)) throw bad(`currency: this school sells in ${school.currencies.join(', ')}.`);
        if (amounts && new Set(amounts.map((a) => a.currency)).size !== amounts.length) throw bad('amounts_off: one amount per currency.');
        const courseIds = [...new Set(input.course_ids ?? [])];
        for (const courseId of courseIds) if (!school.catalog.courses.some((c) => c.course.id === courseId)) throw bad(`course_ids: no course ${courseId} in this school.`);
        const startsAt = input.starts_at ? Date.parse(input.starts_at) : Math.floor(platform.clock() / 1000) * 1000;
        const endsAt = input.ends_at ? Date.parse(input.ends_at) : Infinity;
        if (endsAt <= startsAt) throw bad('ends_at: must be after starts_at.');
        if (school.catalog.coupons.some((c) => c.coupon.code.toUpperCase() === input.code.toUpperCase())) throw new BusinessError(409, 'conflict', `A coupon with code ${input.code} already exists.`);
        const coupon: z.infer<typeof Coupon> = {
          id: `cpn_${school.no}_${school.catalog.coupons.length + 1}`,
          code: input.code,
          description: input.description || null,
          kind: input.kind,
          percent_off: input.kind === 'percent' ? input.percent_off! : null,
          amount_off: amounts ? amounts[0]!.amount : null,
          currency: amounts ? amounts[0]!.currency : null,
          starts_at: iso(startsAt),
          ends_at: Number.isFinite(endsAt) ? iso(endsAt) : null,
          usage_limit: input.usage_limit ?? null,
          redemptions: 0,
          state: 'active',
          amounts_off: amounts ?? null,
          course_ids: courseIds,
          per_buyer_limit: input.per_buyer_limit ?? null,
          updated_at: new Date(platform.clock()).toISOString(),
        };
        school.catalog.coupons.push({ coupon, startsAtMs: startsAt, endsAtMs: endsAt, promo: false, used: 0 });
        return coupon;
      },
    }),
    defineRoute(platform, 'disableCoupon', {
      response: Coupon,
      summary: 'Disable a coupon (idempotent); its past redemptions stay',
      handle: (request, school) => setCouponState(findCoupon(school, request.params.coupon_id), 'disabled', platform.clock()),
    }),
    defineRoute(platform, 'enableCoupon', {
      response: Coupon,
      summary: 'Enable a disabled coupon again (idempotent); it applies again within its dates and limits',
      handle: (request, school) => setCouponState(findCoupon(school, request.params.coupon_id), 'active', platform.clock()),
    }),

    defineRoute(platform, 'listEvents', {
      response: pageOf(SchoolEvent),
      query: PAGE_PARAMETERS,
      summary: 'Events in start order; tickets.sold = tickets in paid or refunding orders; attendees.cancelled = refunded tickets',
      handle: (request, school) => pageOfList(request.query, queryKey(school.school.id, 'listEvents', request.query), school.catalog.events.map(serveEvent)),
    }),
    defineRoute(platform, 'updateEvent', {
      response: SchoolEvent,
      body: EventPatch,
      summary: 'Change an event: title, starts_at, ends_at (after starts_at), tickets[].capacity (not below that ticket type\'s sold); updated_at moves on a real change',
      handle: (request, school) => {
        const event = byId(school.catalog.events, request.params.event_id, 'event');
        const patch = parseBody(EventPatch, request.body);
        requireChanges(patch);
        const startsAt = patch.starts_at ? Date.parse(patch.starts_at) : Date.parse(event.starts_at);
        const endsAt = patch.ends_at ? Date.parse(patch.ends_at) : Date.parse(event.ends_at);
        if (endsAt <= startsAt) throw new BusinessError(400, 'invalid_request', 'ends_at: must be after starts_at.');
        for (const change of patch.tickets ?? []) {
          const ticket = event.tickets.find((t) => t.id === change.id);
          if (!ticket) throw new BusinessError(400, 'invalid_request', `tickets: no ticket type ${change.id} on this event.`);
          if (change.capacity < ticket.sold) throw new BusinessError(400, 'invalid_request', `tickets: ${ticket.name} has ${ticket.sold} tickets sold; its capacity cannot be below that.`);
        }
        const before = JSON.stringify(serveEvent(event));
        if (patch.title !== undefined) event.title = patch.title;
        event.starts_at = iso(startsAt);
        event.ends_at = iso(endsAt);
        event.startsAtMs = startsAt;
        for (const change of patch.tickets ?? []) event.tickets.find((t) => t.id === change.id)!.capacity = change.capacity;
        // updated_at moves only on a real change, like a coupon's.
        if (JSON.stringify(serveEvent(event)) !== before) event.updated_at = new Date(platform.clock()).toISOString();
        return serveEvent(event);
      },
    }),

    defineRoute(platform, 'listPosts', {
      response: pageOf(Post),
      query: [{ name: 'access', description: 'Who can read it (comma-separated for several: login_required, paid, public)', schema: { type: 'string', enum: Post.shape.access.options } }, ...PAGE_PARAMETERS],
      handle: (request, school) => {
        const access = parseEnumList(request.query, 'access', Post.shape.access.options);
        const list = school.extras.posts.filter((p) => !access || access.has(p.access));
        return pageOfList(request.query, queryKey(school.school.id, 'listPosts', request.query), list);
      },
    }),
    defineRoute(platform, 'updatePost', {
      response: Post,
      body: PostPatch,
      summary: 'Change a post: title, access, published (true publishes now if unpublished, false unpublishes)',
      handle: (request, school) => {
        const post = byId(school.extras.posts, request.params.post_id, 'post');
        const patch = parseBody(PostPatch, request.body);
        requireChanges(patch);
        if (patch.title !== undefined) post.title = patch.title;
        if (patch.access !== undefined) post.access = patch.access;
        if (patch.published === true) post.published_at ??= stamp();
        if (patch.published === false) post.published_at = null;
        return post;
      },
    }),
    listRoute(platform, 'listPostCategories', PostCategory, (school) => school.catalog.postCategories),
    defineRoute(platform, 'listComments', {
      response: pageOf(Comment),
      query: [{ name: 'target_kind', description: 'course, lecture or post' }, { name: 'target_id', description: 'Only comments on this course, lecture or post' }, { name: 'created_since', description: 'Created at or after this ISO 8601 time' }, ...PAGE_PARAMETERS],
      summary: 'Comments in time order; replies name their parent_id',
      handle: (request, school) => {
        const kind = parseEnum(request.query, 'target_kind', ['course', 'lecture', 'post'] as const);
        const target = param(request.query, 'target_id');
        const createdSince = parseTime(request.query, 'created_since');
        const list = school.extras.comments.filter((c) => (!kind || c.target.kind === kind) && (!target || c.target.id === target) && (createdSince === undefined || Date.parse(c.created_at) >= createdSince));
        return pageOfList(request.query, queryKey(school.school.id, 'listComments', request.query), list);
      },
    }),

    listRoute(platform, 'listLecturers', Lecturer, (school) => school.catalog.lecturers),
    defineRoute(platform, 'updateLecturer', {
      response: Lecturer,
      body: LecturerPatch,
      handle: (request, school) => {
        const lecturer = byId(school.catalog.lecturers, request.params.lecturer_id, 'lecturer');
        const patch = parseBody(LecturerPatch, request.body);
        requireChanges(patch);
        if (patch.name !== undefined) lecturer.name = patch.name;
        if (patch.bio !== undefined) lecturer.bio = patch.bio;
        return lecturer;
      },
    }),
    listRoute(platform, 'listDigitalProducts', DigitalProduct, (school) => school.catalog.digitalProducts),
    defineRoute(platform, 'updateDigitalProduct', {
      response: DigitalProduct,
      body: DigitalProductPatch,
      summary: 'Change a digital product: name, price (minor units of its currency), state',
      handle: (request, school) => {
        const product = byId(school.catalog.digitalProducts, request.params.product_id, 'digital product');
        const patch = parseBody(DigitalProductPatch, request.body);
        requireChanges(patch);
        if (patch.name !== undefined) product.name = patch.name;
        if (patch.price !== undefined) product.price = patch.price;
        if (patch.state !== undefined) product.state = patch.state;
        return product;
      },
    }),
    listRoute(platform, 'listForms', Form, (school) => school.extras.forms),
    listRoute(platform, 'listPages', SitePage, (school) => school.extras.pages),
    defineRoute(platform, 'updatePage', {
      response: SitePage,
      body: PagePatch,
      handle: (request, school) => {
        const page = byId(school.extras.pages, request.params.page_id, 'page');
        const patch = parseBody(PagePatch, request.body);
        requireChanges(patch);
        if (patch.title !== undefined) page.title = patch.title;
        if (patch.state !== undefined) page.state = patch.state;
        return page;
      },
    }),
    defineRoute(platform, 'getAppearance', { response: Appearance, handle: (_request, school) => school.extras.appearance }),
    defineRoute(platform, 'updateAppearance', {
      response: Appearance,
      body: AppearancePatch,
      handle: (request, school) => {
        const patch = parseBody(AppearancePatch, request.body);
        requireChanges(patch);
        const appearance = school.extras.appearance;
        if (patch.theme !== undefined) appearance.theme = patch.theme;
        if (patch.primary_color !== undefined) appearance.primary_color = patch.primary_color.toLowerCase();
        if (patch.logo_url !== undefined) appearance.logo_url = patch.logo_url;
        return appearance;
      },
    }),
    defineRoute(platform, 'getAccount', { response: Account, handle: (_request, school) => school.extras.account }),
    defineRoute(platform, 'updateAccount', {
      response: Account,
      body: AccountPatch,
      handle: (request, school) => {
        const patch = parseBody(AccountPatch, request.body);
        requireChanges(patch);
        const account = school.extras.account;
        if (patch.name !== undefined) account.name = patch.name;
        if (patch.time_zone !== undefined) account.time_zone = patch.time_zone;
        return account;
      },
    }),
    defineRoute(platform, 'createUpload', {
      response: Upload,
      body: UploadInput,
      status: 201,
      summary: 'Register an upload to the school storage: {name, content_type, size} gives its id and URL; the demo platform keeps these details, not the file itself',
      handle: (request, school) => {
        const input = parseBody(UploadInput, request.body);
        const id = `upl_${school.no}_${school.uploads.length + 1}`;
        const upload = { id, name: input.name, size: input.size, content_type: input.content_type, url: `${school.school.url}/storage/${id}/${encodeURIComponent(input.name)}` };
        school.uploads.push(upload);
        return upload;
      },
    }),
  ];
}
