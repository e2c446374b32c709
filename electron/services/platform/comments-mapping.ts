// The one place where the platform's comments (snake_case, threaded by parent_id) become the app's inbox
// (shared/model/comments.ts), with the one rule of what "unanswered" means (docs/business-api.md):
// a learner's comment is unanswered while no comment by the school's staff in the same thread (the first
// comment and every reply under it, followed through parent_id) was posted after it.
import type { z } from 'zod';
import type { CommentsInbox, InboxComment } from '../../../shared/model/comments';
import type { Comment } from '../../../shared/platform/resources';
import { checkExternalUrl } from '../security/external-url';

type PlatformComment = z.output<typeof Comment>;

/** The first comment of each comment's thread (itself when it replies to nothing, or to a comment not in the list). */
function threadRoots(comments: readonly PlatformComment[]): Map<string, string> {
  const byId = new Map(comments.map((c) => [c.id, c]));
  const roots = new Map<string, string>();
  for (const comment of comments) {
    let at = comment;
    const seen = new Set<string>([at.id]);
    let root: string | null = null;
    while (at.parent_id !== null && root === null) {
      const parent = byId.get(at.parent_id);
      if (!parent) break; // a parent outside the list: the thread starts here
      // A loop (bad data): every comment on it gets the same root, the smallest id on the way.
      if (seen.has(parent.id)) root = [...seen].sort()[0]!;
      seen.add(parent.id);
      at = parent;
    }
    roots.set(comment.id, root ?? at.id);
  }
  return roots;
}

/** A link the inbox may show: an http(s) address without credentials, or null. */
function webLink(raw: string | null | undefined): string | null {
  const checked = checkExternalUrl(raw);
  return checked.ok ? checked.url : null;
}

export function toCommentsInbox(comments: readonly PlatformComment[]): Extract<CommentsInbox, { offered: true }> {
  const roots = threadRoots(comments);
  const staffByThread = new Map<string, PlatformComment[]>();
  for (const c of comments) {
    if (c.author_role !== 'staff') continue;
    const root = roots.get(c.id)!;
    staffByThread.set(root, [...(staffByThread.get(root) ?? []), c]);
  }
  const inbox: InboxComment[] = comments
    .filter((c) => c.author_role !== 'staff')
    .map((c) => {
      const created = Date.parse(c.created_at);
      const answer = (staffByThread.get(roots.get(c.id)!) ?? []).filter((s) => Date.parse(s.created_at) > created).sort((a, b) => a.created_at.localeCompare(b.created_at))[0];
      return {
        id: c.id,
        authorName: c.author_name,
        body: c.body,
        createdAt: c.created_at,
        where: { kind: c.target.kind, id: c.target.id, title: c.target.title ?? null },
        isReply: c.parent_id !== null,
        unanswered: answer === undefined,
        answeredBy: answer?.author_name ?? null,
        // The platform's link goes into an href: http(s) only (no javascript:, data:, file: or credentials), else none.
        url: webLink(c.url),
      };
    });
  inbox.sort((a, b) => Number(b.unanswered) - Number(a.unanswered) || b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  return { offered: true, comments: inbox, knowsStaff: comments.some((c) => c.author_role !== undefined) };
}
