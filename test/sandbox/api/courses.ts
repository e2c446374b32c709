// Courses, their curricula and enrollments; publishing and unpublishing; renaming a section.
// Anonymous callers see published courses only, without statistics.
import { z } from 'zod';
import { Course, CourseState, Curriculum, Enrollment, Section, pageOf } from '../../../shared/platform/resources';
import type { BusinessRequest, BusinessRoute } from '../http/business-route';
import { BusinessError } from '../http/business-route';
import type { DemoPlatform, SchoolData } from '../data';
import type { CourseRecord } from '../data/catalog';
import { buildPage, pageWindow, queryKey } from './paging';
import { notFound, param, parseBody, parseEnum, parseEnumList } from './params';
import { enrollmentsOfCourse } from './enrollment-routes';
import { defineRoute, isAdmin, PAGE_PARAMETERS } from './route';

const COURSE_SORTS = ['title', '-title', 'created_at', '-created_at', 'enrollments', '-enrollments'] as const;

export function courseIndex(school: SchoolData, id: string): number {
  return school.catalog.courses.findIndex((c) => c.course.id === id);
}

function findCourse(school: SchoolData, request: BusinessRequest): { record: CourseRecord; index: number } {
  const id = request.params.course_id ?? '';
  const index = courseIndex(school, id);
  const record = school.catalog.courses[index];
  if (!record || (!isAdmin(request) && record.course.state !== 'published')) throw notFound('course', id);
  return { record, index };
}

function serveCourse(school: SchoolData, index: number, admin: boolean): Course {
  const { course } = school.catalog.courses[index]!;
  return admin ? { ...course, stats: { ...school.courseStats[index]! } } : { ...course };
}

export function courseRoutes(platform: DemoPlatform): BusinessRoute[] {
  return [
    defineRoute(platform, 'listCourses', {
      response: pageOf(Course),
      query: [
        { name: 'state', description: 'Comma-separated states: draft, published, hidden (anonymous callers only ever see published)' },
        { name: 'category', description: 'Only courses in this category' },
        { name: 'tag', description: 'Only courses with this tag' },
        { name: 'q', description: 'Case-insensitive text in the title' },
        { name: 'sort', description: `One of ${COURSE_SORTS.join(', ')} (default created_at); ties by id` },
        ...PAGE_PARAMETERS,
      ],
      handle: (request, school) => {
        const { query } = request;
        const admin = isAdmin(request);
        const states = parseEnumList(query, 'state', CourseState.options);
        const category = param(query, 'category');
        const tag = param(query, 'tag');
        const q = param(query, 'q')?.toLowerCase();
        const sort = parseEnum(query, 'sort', COURSE_SORTS) ?? 'created_at';
        const window = pageWindow(query, queryKey(school.school.id, `listCourses:${admin}`, query));
        const indexes = school.catalog.courses
          .map((c, i) => ({ c: c.course, i }))
          .filter(({ c }) => (admin || c.state === 'published') && (!states || states.has(c.state)) && (!category || c.categories.includes(category)) && (!tag || c.tags.includes(tag)) && (!q || c.title.toLowerCase().includes(q)));
        const field = sort.replace('-', '');
        const direction = sort.startsWith('-') ? -1 : 1;
        indexes.sort((a, b) => {
          const by = field === 'title' ? (a.c.title < b.c.title ? -1 : a.c.title > b.c.title ? 1 : 0)
            : field === 'created_at' ? Date.parse(a.c.created_at) - Date.parse(b.c.created_at)
              : school.courseStats[a.i]!.enrollments - school.courseStats[b.i]!.enrollments;
          return direction * (by || a.i - b.i);
        });
        return buildPage(window, indexes.length, (p) => serveCourse(school, indexes[p]!.i, admin));
      },
    }),
    defineRoute(platform, 'getCourse', {
      response: Course,
      handle: (request, school) => serveCourse(school, findCourse(school, request).index, isAdmin(request)),
    }),
    defineRoute(platform, 'publishCourse', {
      response: Course,
      summary: 'Publish a course (idempotent); published_at is set the first time',
      handle: (request, school) => {
        const { record, index } = findCourse(school, request);
        if (record.course.state !== 'published') record.course.updated_at = new Date(platform.clock()).toISOString();
        record.course.state = 'published';
        record.course.published_at ??= new Date(Math.floor(platform.clock() / 1000) * 1000).toISOString();
        return serveCourse(school, index, true);
      },
    }),
    defineRoute(platform, 'unpublishCourse', {
      response: Course,
      summary: 'Unpublish (hide) a course; a draft was never published: 409 conflict',
      handle: (request, school) => {
        const { record, index } = findCourse(school, request);
        if (record.course.state === 'draft') throw new BusinessError(409, 'conflict', `Course ${record.course.id} is a draft: there is nothing to unpublish.`);
        if (record.course.state !== 'hidden') record.course.updated_at = new Date(platform.clock()).toISOString();
        record.course.state = 'hidden';
        return serveCourse(school, index, true);
      },
    }),
    defineRoute(platform, 'getCurriculum', {
      response: Curriculum,
      handle: (request, school) => findCourse(school, request).record.curriculum,
    }),
    defineRoute(platform, 'updateCurriculumSection', {
      response: Section,
      body: SectionPatch,
      handle: (request, school) => {
        const { record } = findCourse(school, request);
        const sectionId = request.params.section_id ?? '';
        const section = record.curriculum.sections.find((s) => s.id === sectionId);
        if (!section) throw notFound('section', sectionId);
        section.title = parseBody(SectionPatch, request.body).title;
        return section;
      },
    }),
    defineRoute(platform, 'listCourseEnrollments', {
      response: pageOf(Enrollment),
      query: PAGE_PARAMETERS,
      summary: "A course's enrollments in enrollment order, with progress (lectures completed / lectures), the section reached last, completion, last activity and the learner's name and e-mail",
      handle: (request, school) => {
        const { index } = findCourse(school, request);
        const list = enrollmentsOfCourse(school, index);
        const window = pageWindow(request.query, queryKey(school.school.id, 'listCourseEnrollments', request.query, request.params));
        return buildPage(window, list.count, (p) => list.at(p));
      },
    }),
  ];
}

const SectionPatch = z.object({ title: z.string().trim().min(1).max(200) }).strict();
