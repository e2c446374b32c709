// What the Orders filters offer, as an admin reads it. The orders index only sees line items, whose names
// are "Course · Plan" for a course's plans: the COURSE filter must name the course by its own title.
import type { OrderFacets } from '../../../shared/ipc/data';

/** The course facets under the courses' titles (from the platform's course list), sorted by title; a course the list lacks keeps its line name. */
export function withCourseTitles(facets: OrderFacets, titles: ReadonlyMap<string, string>): OrderFacets {
  const courses = facets.courses.map((c) => ({ id: c.id, title: titles.get(c.id) ?? c.title })).sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
  return { ...facets, courses };
}
