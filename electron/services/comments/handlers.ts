// Main-side handler for the comments inbox (shared/ipc/comments.ts): every comment read (through the
// offline cache), threaded and judged answered or not by platform/comments-platform.ts. Read only.
import type { commentMethods } from '../../../shared/ipc/comments';
import type { CommentsInbox } from '../../../shared/model/comments';
import type { PlatformCaller } from '../api/platform-caller';
import type { CachedReader } from '../data/cached-read';
import type { MethodHandlers } from '../ipc/handler-types';
import { unlessMissing } from '../api/partial-answers';
import { readCommentsInbox } from '../platform/comments-platform';

type CommentMethodName = Extract<keyof typeof commentMethods, string>;

/** The inbox shows this many of the newest learner comments (unanswered first); threads are judged on all. */
const INBOX_SIZE = 500;

export function createCommentHandlers(caller: PlatformCaller, reader: CachedReader): MethodHandlers<CommentMethodName> {
  return {
    'comments.inbox': async ({ accountId }, { signal }) =>
      reader.read(accountId, 'comments.inbox', {}, async (): Promise<CommentsInbox> =>
        unlessMissing<CommentsInbox>(async () => {
          const inbox = await readCommentsInbox(caller, accountId, signal);
          return { ...inbox, comments: inbox.comments.slice(0, INBOX_SIZE) };
        }, { offered: false }),
      ),
  };
}
