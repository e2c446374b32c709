// Part of the IPC contract (see shared/ipc.ts): the command palette's search over the school's local data
// (synced orders, cached courses and coupons): no platform call, so it answers offline too.
import { z } from 'zod';
import { SearchAnswer } from '../model/search';
import { AccountId } from './accounts';
import { method } from './define';
import type { MethodDef } from './define';

export const searchMethods = {
  'search.query': method(
    z.object({ accountId: AccountId, text: z.string().max(200), limit: z.int().min(1).max(50) }).strict(),
    SearchAnswer,
    'Finds orders (trade number, buyer email or name), courses and coupons in the school\'s local copies as the admin types; each group holds up to `limit` hits, ranked (exact, then prefix, then the rest; recent first), and says what it searched.',
  ),
} satisfies Record<string, MethodDef>;
