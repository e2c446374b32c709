// The smaller things a school holds: posts and their threaded comments, forms, site pages, appearance
// and the admin's account. Shapes are the shared resources, so the API serves them as they are.
import type { z } from 'zod';
import type { Account, Appearance, Comment, Form, Post, SitePage } from '../../../shared/platform/resources';
import { iso, wholeSeconds, type Catalog } from './catalog';
import type { SchoolProfile } from './profile';
import type { Random } from './random';
import { DAY_MS } from './time-zone';

export interface SchoolExtras {
  posts: z.infer<typeof Post>[];
  comments: z.infer<typeof Comment>[];
  forms: z.infer<typeof Form>[];
  pages: z.infer<typeof SitePage>[];
  appearance: z.infer<typeof Appearance>;
  account: z.infer<typeof Account>;
}

export function generateExtras(profile: SchoolProfile, no: number, rng: Random, catalog: Catalog, historyStart: number, now: number, admin: { id: string; name: string; email: string }): SchoolExtras {
  const span = now - historyStart;
  const at = () => wholeSeconds(historyStart + rng.float() * span);

  const { words } = profile;
  const postTitles = words.postTitles;
  const posts = Array.from({ length: rng.between(24, 40) }, (_, p) => {
    const published = rng.chance(0.85);
    return {
      id: `pst_${no}_${p + 1}`,
      title: `${rng.pick(postTitles)} ${p + 1}`,
      access: (['public', 'login_required', 'paid'] as const)[rng.weighted([6, 3, 2])]!,
      category_id: rng.chance(0.8) ? rng.pick(catalog.postCategoryIds) : null,
      published_at: published ? iso(at()) : null,
    };
  });

  const bodies = words.learnerComments;
  const comments: z.infer<typeof Comment>[] = [];
  const site = `https://${profile.subdomain}.school.example`;
  const pageOf = new Map<string, string>(); // comment id → the page it is on, for replies' links
  const commentCount = rng.between(80, 160);
  for (let c = 0; c < commentCount; c++) {
    const reply = comments.length > 0 && rng.chance(0.3) ? rng.pick(comments) : null;
    let target: z.infer<typeof Comment>['target'];
    let page: string;
    if (reply) {
      target = reply.target;
      page = pageOf.get(reply.id)!;
    } else {
      const roll = rng.float();
      const course = rng.pick(catalog.courses);
      if (roll < 0.4) {
        target = { kind: 'course', id: course.course.id, title: course.course.title };
        page = `${site}/courses/${course.course.id}`;
      } else if (roll < 0.8) {
        const lecture = rng.pick(rng.pick(course.curriculum.sections).lectures);
        target = { kind: 'lecture', id: lecture.id, title: lecture.title };
        page = `${site}/courses/${course.course.id}/lectures/${lecture.id}`;
      } else {
        const post = rng.pick(posts);
        target = { kind: 'post', id: post.id, title: post.title };
        page = `${site}/blog/${post.id}`;
      }
    }
    const first = rng.pick(profile.firstNames)[0];
    const last = rng.pick(profile.lastNames)[0];
    const created = reply ? Math.min(now - 1000, Date.parse(reply.created_at) + rng.between(1, 72) * 3_600_000) : at();
    const learnerBody = rng.pick(bodies);
    const id = `cmt_${no}_${c + 1}`;
    // Half the replies come from the school's staff (a lecturer or the admin); no new draw, so the rest of
    // the seeded data stays as it was.
    const staff = reply !== null && c % 2 === 0 && reply.author_role !== 'staff';
    const staffName = catalog.lecturers.length > 0 && c % 4 === 0 ? catalog.lecturers[c % catalog.lecturers.length]!.name : admin.name;
    pageOf.set(id, page);
    comments.push({
      id,
      target,
      parent_id: reply ? reply.id : null,
      author_name: staff ? staffName : profile.personName(first, last),
      author_role: staff ? 'staff' : 'learner',
      body: staff ? words.staffReply : learnerBody,
      created_at: iso(wholeSeconds(created)),
      url: `${page}#comment-${id}`,
    });
  }
  // Schools answer: most threads whose last word was a learner's more than two weeks ago got a reply from staff
  // hours to two days later, so the unanswered ones are mostly recent (their own random stream: the comments
  // above stay as drawn).
  const answers = rng.fork('answers');
  const rootOf = new Map<string, string>();
  const lastOfThread = new Map<string, z.infer<typeof Comment>>();
  for (const c of comments) {
    const root = c.parent_id ? rootOf.get(c.parent_id)! : c.id;
    rootOf.set(c.id, root);
    const last = lastOfThread.get(root);
    if (!last || c.created_at > last.created_at) lastOfThread.set(root, c);
  }
  for (const last of lastOfThread.values()) {
    if (last.author_role !== 'learner' || Date.parse(last.created_at) > now - 14 * DAY_MS || !answers.chance(0.85)) continue;
    const id = `cmt_${no}_${comments.length + 1}`;
    const staffName = catalog.lecturers.length > 0 && answers.chance(0.5) ? answers.pick(catalog.lecturers).name : admin.name;
    comments.push({
      id,
      target: last.target,
      parent_id: last.id,
      author_name: staffName,
      author_role: 'staff',
      body: words.staffReply,
      created_at: iso(wholeSeconds(Date.parse(last.created_at) + answers.between(2, 48) * 3_600_000)),
      url: `${pageOf.get(last.id)}#comment-${id}`,
    });
  }
  // Learners' questions from the last days nobody at the school has answered yet, whatever day the data is
  // made for (docs/business-api.md): drawn from their own stream, so the comments above stay as they were.
  const recent = rng.fork('recent');
  const published = catalog.courses.filter((c) => c.course.state === 'published');
  for (let k = 0; k < 2 && published.length > 0; k++) {
    const course = recent.pick(published);
    const lecture = recent.pick(recent.pick(course.curriculum.sections).lectures);
    const page = `${site}/courses/${course.course.id}/lectures/${lecture.id}`;
    const id = `cmt_${no}_${comments.length + 1}`;
    comments.push({
      id,
      target: { kind: 'lecture', id: lecture.id, title: lecture.title },
      parent_id: null,
      author_name: profile.personName(recent.pick(profile.firstNames)[0], recent.pick(profile.lastNames)[0]),
      author_role: 'learner',
      body: recent.pick(bodies),
      created_at: iso(wholeSeconds(now - 2 * 3_600_000 - recent.float() * 4 * DAY_MS)),
      url: `${page}#comment-${id}`,
    });
  }
  comments.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));

  const formTitles = words.forms;
  const forms = formTitles.slice(0, rng.between(3, formTitles.length)).map((title, f) => ({
    id: `frm_${no}_${f + 1}`,
    title,
    responses: rng.between(5, 900),
    created_at: iso(at()),
  }));

  const pageSpecs = words.pages;
  const pages = pageSpecs.map(([title, path], p) => ({
    id: `pag_${no}_${p + 1}`,
    title: title!,
    path: path!,
    state: (p === pageSpecs.length - 1 ? 'draft' : 'published') as 'draft' | 'published',
  }));

  return {
    posts,
    comments,
    forms,
    pages,
    appearance: { ...words.appearance, logo_url: `https://${profile.subdomain}.school.example/logo.png` },
    account: { id: `acc_${no}_${admin.id}`, name: admin.name, email: admin.email, role: 'owner', time_zone: profile.timeZone },
  };
}
