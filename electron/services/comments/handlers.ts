// Main-side handlers for the comments inbox (shared/ipc/comments.ts): every comment read (through the
// offline cache), threaded and judged answered or not by platform/comments-platform.ts; read only on the
// platform. The admin's "handled" marks are the app's own (today/marks-store.ts), laid over every answer,
// the cached one too, so the inbox and Today agree the moment a comment is marked.
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

/** The comments the admin marked handled, per school. */
interface HandledMarks {
  handled(accountId: string): Promise<ReadonlySet<string>>;
  setHandled(accountId: string, commentId: string, handled: boolean): Promise<boolean>;
}

export function createCommentHandlers(caller: PlatformCaller, reader: CachedReader, marks: HandledMarks): MethodHandlers<CommentMethodName> {
  return {
    'comments.inbox': async ({ accountId }, { signal }) => {
      const [answer, handled] = await Promise.all([
        reader.read(accountId, 'comments.inbox', {}, async (): Promise<CommentsInbox> =>
          unlessMissing<CommentsInbox>(async () => {
            const inbox = await readCommentsInbox(caller, accountId, signal);
            return { ...inbox, comments: inbox.comments.slice(0, INBOX_SIZE) };
          }, { offered: false }),
        ),
        marks.handled(accountId),
      ]);
      if (!answer.data.offered) return answer;
      return { ...answer, data: { ...answer.data, comments: answer.data.comments.map((c) => ({ ...c, handled: handled.has(c.id) })) } };
    },
    'comments.setHandled': async ({ accountId, commentId, handled }) => ({ handled: await marks.setHandled(accountId, commentId, handled) }),
  };
}
