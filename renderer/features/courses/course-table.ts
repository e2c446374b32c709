// Search, filter and sort of the course list. A school has tens of courses, so this runs in the page;
// pure, so it is unit-tested against hand-picked lists.
import type { CourseRow } from '../../../shared/ipc/data';

type CourseSortKey = 'title' | 'state' | 'enrollments' | 'activeStudents' | 'completionRate' | 'revenue' | 'createdAt';
export interface CourseSort {
  key: CourseSortKey;
  direction: 'asc' | 'desc';
}

export interface CourseFilter {
  text: string;
  state: string; // '' = any
  category: string;
  tag: string;
}

export const NO_COURSE_FILTER: CourseFilter = { text: '', state: '', category: '', tag: '' };

export function filterCourses(courses: readonly CourseRow[], filter: CourseFilter): CourseRow[] {
  const text = filter.text.trim().toLocaleLowerCase();
  return courses.filter(
    (c) =>
      (!filter.state || c.state === filter.state) &&
      (!filter.category || c.categories.includes(filter.category)) &&
      (!filter.tag || c.tags.includes(filter.tag)) &&
      (!text || c.title.toLocaleLowerCase().includes(text) || c.slug.toLocaleLowerCase().includes(text)),
  );
}

/** Net revenue of a course in one currency (0 when it sold nothing in it). */
export function netIn(course: CourseRow, currency: string): number {
  return course.revenue.find((r) => r.currency === currency)?.net ?? 0;
}

/** Every currency the course list has revenue figures in, in the platform's order (the school's own first). */
export function revenueCurrencies(courses: readonly CourseRow[]): string[] {
  const seen: string[] = [];
  for (const c of courses) for (const r of c.revenue) if (!seen.includes(r.currency)) seen.push(r.currency);
  return seen;
}

export function sortCourses(courses: readonly CourseRow[], sort: CourseSort, currency: string | null): CourseRow[] {
  const value = (c: CourseRow): number | string => {
    switch (sort.key) {
      case 'title':
        return c.title.toLocaleLowerCase();
      case 'state':
        return c.state;
      case 'enrollments':
        return c.learning?.enrollments ?? -1;
      case 'activeStudents':
        return c.learning?.activeStudents ?? -1;
      case 'completionRate':
        return c.learning?.completionRate ?? -1;
      case 'revenue':
        return currency ? netIn(c, currency) : 0;
      case 'createdAt':
        return c.createdAt;
    }
  };
  const sign = sort.direction === 'asc' ? 1 : -1;
  // Ties keep a stable, predictable order: by title, then id.
  return [...courses].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va < vb) return -sign;
    if (va > vb) return sign;
    return a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
  });
}
