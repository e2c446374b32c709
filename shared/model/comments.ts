// The app's own model of the comments inbox (camelCase), what the IPC contract speaks. Platform comments
// are mapped into it, and the unanswered rule applied, in electron/services/platform/comments-mapping.ts.
import { z } from 'zod';

const id = z.string().min(1).max(256);
const isoTime = z.iso.datetime({ offset: true });

export const CommentPlace = z.enum(['course', 'lecture', 'post']);
export type CommentPlace = z.infer<typeof CommentPlace>;

export const InboxComment = z.object({
  id,
  authorName: z.string(),
  body: z.string(),
  createdAt: isoTime,
  /** Where it was posted: the course, lecture or post (its title where the platform gives it). */
  where: z.object({ kind: CommentPlace, id, title: z.string().nullable() }),
  /** A reply to another comment (the thread's first comment is not). */
  isReply: z.boolean(),
  /** No reply from the school's staff in its thread after it (docs/business-api.md, "Unanswered comments"). */
  unanswered: z.boolean(),
  /** Marked handled in the app (answered on the site or elsewhere; kept per school): no longer counted as unanswered. */
  handled: z.boolean().optional(),
  /** The staff member who answered, when answered. */
  answeredBy: z.string().nullable(),
  /** The comment on the school's site, where the admin answers it; null where the platform gives none. */
  url: z.string().nullable(),
});
export type InboxComment = z.infer<typeof InboxComment>;

export const CommentsInbox = z.discriminatedUnion('offered', [
  z.object({
    offered: z.literal(true),
    /** Learners' comments, unanswered first, newest first within each group. */
    comments: z.array(InboxComment),
    /** Whether the platform says which authors are staff; without it nothing can count as answered. */
    knowsStaff: z.boolean(),
  }),
  z.object({ offered: z.literal(false) }),
]);
export type CommentsInbox = z.infer<typeof CommentsInbox>;
