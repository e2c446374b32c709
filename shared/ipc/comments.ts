// Part of the IPC contract (see shared/ipc.ts): the comments inbox, in the app's own model
// (shared/model/comments.ts). Read only on the platform (comments:read, no comments:write); the admin's own
// "handled" mark is the app's, kept per school on this computer.
import { z } from 'zod';
import { CommentsInbox } from '../model/comments';
import { AccountId } from './accounts';
import { answerOf } from './data';
import { method } from './define';
import type { MethodDef } from './define';

export const commentMethods = {
  'comments.inbox': method(
    z.object({ accountId: AccountId }).strict(),
    answerOf(CommentsInbox),
    "The school's recent learner comments on courses, lectures and posts, unanswered first, each with where it was posted and its link on the school's site; offered: false when the platform has no comments (needs comments:read).",
  ),
  'comments.setHandled': method(
    z.object({ accountId: AccountId, commentId: z.string().min(1).max(256), handled: z.boolean() }).strict(),
    z.object({ handled: z.boolean() }),
    'Marks a comment handled in the app, or not any more (kept per school across restarts, on this computer only): a handled comment no longer counts as unanswered on Today or in the inbox.',
  ),
} satisfies Record<string, MethodDef>;
