// Part of the IPC contract (see shared/ipc.ts): the comments inbox, in the app's own model
// (shared/model/comments.ts). Read only: the platform has comments:read and no comments:write.
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
} satisfies Record<string, MethodDef>;
