// Courses: by title, from the newest course list the offline cache keeps (the Courses page's list for any
// range, the Orders filters' course titles, or the Coupons page's courses).
import { z } from 'zod';
import type { QueryCache } from '../../store/query-cache';
import { courseSearchFields, toCourseHit, type CachedCourse } from '../../platform/search-mapping';
import { cachedListSource } from './cached-list-source';
import { CACHE_KEYS } from '../../data/cache-keys';
import type { SearchSource } from '../search-source';

const id = z.string().min(1);
const state = z.enum(['draft', 'published', 'hidden']).optional();
/** A course of the Courses page's list, in the app's model (shared/model/courses.ts). */
const ListedCourse = z.object({ id, title: z.string(), state, categories: z.array(z.string()).optional(), createdAt: z.string().optional(), publishedAt: z.string().nullable().optional() });
const Shapes = {
  [CACHE_KEYS.courseList]: z.object({ courses: z.array(ListedCourse) }).transform((v) => v.courses),
  'data.orders.courseTitles': z.array(z.tuple([id, z.string()])).transform((pairs) => pairs.map(([courseId, title]) => ({ id: courseId, title }))),
  'money.coupons': z.object({ courses: z.array(z.object({ id, title: z.string() })) }).transform((v) => v.courses),
} as const;

function coursesOfCachedAnswer(method: string, value: unknown): CachedCourse[] | null {
  const shape = Shapes[method as keyof typeof Shapes];
  const parsed = shape?.safeParse(value);
  return parsed?.success ? (parsed.data as CachedCourse[]) : null;
}

export function coursesSource(cache: Pick<QueryCache, 'getNewest'>): SearchSource {
  return cachedListSource<CachedCourse>(cache, {
    kind: 'course',
    methods: Object.keys(Shapes),
    records: coursesOfCachedAnswer,
    fields: courseSearchFields,
    toHit: toCourseHit,
  });
}
