// The sandbox's demo school served page by page from memory, as the engine's host asks for pages
// (listStudents, listEnrollments, listCourses): the students engine's tests sync from it without HTTP.
import type { PageRequest } from '../../../electron/services/engine/contract/protocol';
import type { SchoolData } from '../../sandbox/data';

export function demoPages(school: SchoolData): (request: PageRequest) => Promise<unknown> {
  return (request) => {
    const start = Number(request.query.cursor ?? 0);
    const limit = Number(request.query.limit ?? 1000);
    const serve = (total: number, item: (i: number) => unknown) => {
      const end = Math.min(total, start + limit);
      const data = [];
      for (let i = start; i < end; i++) data.push(item(i));
      return Promise.resolve({ data, meta: { total, limit, next_cursor: end < total ? String(end) : null } });
    };
    if (request.operation === 'listStudents') return serve(school.students.count, (i) => school.students.person(i));
    if (request.operation === 'listEnrollments') return serve(school.enrollments.count, (i) => school.enrollments.materialize(i, school.catalog, (s) => school.students.id(s)));
    return serve(school.catalog.courses.length, (i) => school.catalog.courses[i]!.course);
  };
}
