// The comments area's platform adapter: every comment of the school (operation, paging, payload schema),
// threaded and judged answered or not (comments-mapping.ts) into the app's inbox (shared/model/comments.ts).
// A platform without comments answers not_found.
import type { CommentsInbox } from '../../../shared/model/comments';
import { Comment } from '../../../shared/platform/resources';
import type { PlatformCaller } from '../api/platform-caller';
import { toCommentsInbox } from './comments-mapping';

export async function readCommentsInbox(caller: PlatformCaller, accountId: string, signal?: AbortSignal): Promise<Extract<CommentsInbox, { offered: true }>> {
  return toCommentsInbox(await caller.paginate(accountId, 'listComments', Comment, { query: { limit: 1000 }, signal }));
}
