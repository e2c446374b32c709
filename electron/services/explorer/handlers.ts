// Main-side handlers of shared/ipc/explorer.ts, and the explorer's side of the write service (RecordWrites).
// The platform's /openapi.json is read once per school and kept a few minutes in memory; every answer also
// goes through the offline cache, so a school out of reach still shows its areas and the pages seen before.
import { t } from '../../../shared/i18n/i18n';
import type { ExplorerAreaId, JsonRecord } from '../../../shared/model/explorer';
import { AppError, isAppError } from '../../../shared/errors';
import type { explorerMethods } from '../../../shared/ipc/explorer';
import type { PlatformCaller } from '../api/platform-caller';
import { CachedReader } from '../data/cached-read';
import type { EmitEvent, MethodHandlers } from '../ipc/handler-types';
import type { Logger } from '../log';
import type { QueryCache } from '../store/query-cache';
import { deriveCatalog, explorerRecord, linkedListsOf, listRecords, namesOf, readRecord, updateRecord, type ExplorerCatalog, type OperationCall } from '../platform/openapi-explorer';
import type { RecordWrites } from '../writes/write-service';

type ExplorerMethodName = Extract<keyof typeof explorerMethods, string>;

interface ExplorerDeps {
  caller: PlatformCaller;
  cache: QueryCache;
  emit: EmitEvent;
  logger: Logger;
  onOnlineChange?(listener: (online: boolean) => void): void;
  now?: () => number;
}

/** How long a fetched document is reused before it is asked again (a platform upgrade shows within minutes). */
const DOCUMENT_TTL_MS = 5 * 60_000;

/** Records are kept as { fields, version } since they carry their version: a cached bare record is never read back as one. */
const RECORD_MODEL = { model: 2 } as const;

interface Loaded {
  catalog: ExplorerCatalog;
  fetchedAt: string;
  fromCache: boolean;
  at: number;
}

export function createExplorer(deps: ExplorerDeps): { handlers: MethodHandlers<ExplorerMethodName>; records: RecordWrites } {
  const now = deps.now ?? Date.now;
  const reader = new CachedReader(deps.cache, deps.emit, deps.logger, now);
  const loaded = new Map<string, Loaded>();
  deps.onOnlineChange?.((online) => {
    if (!online) return;
    reader.backOnline();
    loaded.clear(); // a document answered from the cache is asked again
  });

  async function catalogOf(accountId: string, signal?: AbortSignal): Promise<Loaded> {
    const kept = loaded.get(accountId);
    if (kept && !kept.fromCache && now() - kept.at < DOCUMENT_TTL_MS) return kept;
    const fetchDocument = deps.caller.openApiDocument;
    if (!fetchDocument) throw new AppError('internal', t('errors:main.noApiDescription'));
    const answer = await reader.read(accountId, 'explorer.document', {}, () => fetchDocument.call(deps.caller, accountId, signal));
    let catalog: ExplorerCatalog;
    try {
      catalog = deriveCatalog(answer.data);
    } catch (cause) {
      throw new AppError('bad_response', t('errors:main.apiDescriptionUnreadable'), { cause });
    }
    const next = { catalog, fetchedAt: answer.fetchedAt, fromCache: answer.fromCache, at: now() };
    loaded.set(accountId, next);
    return next;
  }

  function callFor(accountId: string): OperationCall {
    const callOperation = deps.caller.callOperation;
    if (!callOperation) throw new AppError('internal', t('errors:main.noOperations'));
    const caller = deps.caller as Required<Pick<PlatformCaller, 'callOperation'>>;
    return (spec, schema, args) => caller.callOperation(accountId, spec, schema, args);
  }

  const handlers: MethodHandlers<ExplorerMethodName> = {
    'explorer.areas': async ({ accountId }, { signal }) => {
      const { catalog, fetchedAt, fromCache } = await catalogOf(accountId, signal);
      return { data: { areas: catalog.areas }, fetchedAt, fromCache };
    },
    'explorer.list': async ({ accountId, area, filters, cursor }, { signal }) => {
      const { catalog } = await catalogOf(accountId, signal);
      return reader.read(accountId, 'explorer.list', { area, filters, cursor, ...RECORD_MODEL }, () => listRecords(callFor(accountId), catalog, area, filters, cursor, signal));
    },
    'explorer.record': async ({ accountId, area, recordId }, { signal }) => {
      const { catalog } = await catalogOf(accountId, signal);
      return reader.read(accountId, 'explorer.record', { area, recordId, ...RECORD_MODEL }, async () => explorerRecord(await readRecord(callFor(accountId), catalog, area, recordId, signal)));
    },
    'explorer.names': async ({ accountId, area }, { signal }) => {
      const { catalog } = await catalogOf(accountId, signal);
      const names: Record<string, Record<string, string>> = {};
      let fetchedAt = new Date(now()).toISOString();
      let fromCache = false;
      for (const { key, fields, link } of linkedListsOf(catalog, area)) {
        try {
          const answer = await reader.read(accountId, 'explorer.names', { list: key }, () => namesOf(callFor(accountId), link, signal));
          for (const field of fields) names[field] = answer.data;
          if (answer.fetchedAt < fetchedAt) fetchedAt = answer.fetchedAt;
          fromCache ||= answer.fromCache;
        } catch (error) {
          // Names are a courtesy: without them (a scope not granted, offline with nothing kept) the ids show.
          if (signal?.aborted) throw error;
          deps.logger.info('explorer: names not read', { area, list: link.target.operationId, code: isAppError(error) ? error.code : 'internal' });
        }
      }
      return { data: { names }, fetchedAt, fromCache };
    },
  };

  const records: RecordWrites = {
    async update(accountId, request, signal) {
      const { catalog } = await catalogOf(accountId, signal);
      const edit = catalog.areas.find((a) => a.id === request.area)?.edit;
      // The scope the renderer asked for must be the document's: the step-up grants what the platform checks.
      if (edit && edit.scope !== request.scope) throw new AppError('invalid_input', t('errors:main.wrongScope', { needed: edit.scope, asked: request.scope }));
      return updateRecord(callFor(accountId), catalog, request.area as ExplorerAreaId, request.recordId, request.changes, signal);
    },
    async current(accountId, request, signal): Promise<JsonRecord | null> {
      const { catalog } = await catalogOf(accountId, signal);
      try {
        return await readRecord(callFor(accountId), catalog, request.area, request.recordId, signal);
      } catch (error) {
        if (isAppError(error) && error.code === 'not_found') return null;
        throw error;
      }
    },
  };
  return { handlers, records };
}
