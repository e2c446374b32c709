// Part of the IPC contract (see shared/ipc.ts): the generic explorer of every scope area no dedicated screen
// covers, driven by the platform's /openapi.json.
// The renderer names an area and a record, never a path; edits go through writes.perform ('record.update').
import { z } from 'zod';
import { ExplorerArea, ExplorerAreaId, ExplorerRecord } from '../model/explorer';
import { AccountId } from './accounts';
import { answerOf } from './data';
import { method } from './define';
import type { MethodDef } from './define';

const recordId = z.string().min(1).max(256);

const ExplorerPage = z.object({
  records: z.array(ExplorerRecord),
  total: z.int().nonnegative().nullable(),
  /** Opaque: hand it back for the next page; null on the last page. */
  nextCursor: z.string().max(2048).nullable(),
});
type ExplorerPage = z.infer<typeof ExplorerPage>;

export const explorerMethods = {
  'explorer.areas': method(
    z.object({ accountId: AccountId }).strict(),
    answerOf(z.object({ areas: z.array(ExplorerArea) })),
    "Every explorer area with what the platform's /openapi.json offers for it: list or single record, filters, edit form fields, scopes. Offline: from the cached document.",
  ),
  'explorer.list': method(
    z.object({
      accountId: AccountId,
      area: ExplorerAreaId,
      filters: z.record(z.string().min(1).max(100), z.string().max(500)).default({}),
      cursor: z.string().max(2048).nullable().default(null),
    }).strict(),
    answerOf(ExplorerPage),
    "One page of an area's list, filtered by the filters its operation declares (others are refused).",
  ),
  'explorer.record': method(
    z.object({ accountId: AccountId, area: ExplorerAreaId, recordId: recordId.nullable() }).strict(),
    answerOf(ExplorerRecord),
    "One record of an area (the area's single record when recordId is null).",
  ),
  'explorer.names': method(
    z.object({ accountId: AccountId, area: ExplorerAreaId }).strict(),
    answerOf(z.object({ names: z.record(z.string().max(100), z.record(z.string(), z.string())) })),
    "The names of the records an area's fields point at (field → id → name), for the fields its /openapi.json declares as ids of another list (x-references): each list read once, not per row. A list that cannot be read (not granted, not cached offline) is left out: its ids show as they are.",
  ),
} satisfies Record<string, MethodDef>;
