// Discovery documents cached per issuer (and per resource) with HTTP freshness: reused without a request
// while fresh (max-age, else a heuristic hour), revalidated with ETag / Last-Modified once stale. Each entry
// is tagged with the state seal (store/state-seal.ts): an entry edited on disk is dropped and fetched again,
// so an edited token endpoint never receives a refresh token.
import { z } from 'zod';
import { JsonFile } from '../store/json-file';
import { StateSeal } from '../store/state-seal';
import type { Logger } from '../log';

const HEURISTIC_FRESH_MS = 60 * 60 * 1000;

const CachedDocument = z.object({
  /** The address the document came from: revalidation goes there. */
  url: z.string(),
  /** null records "there is no such document" (404), so a fresh miss costs no request either. */
  body: z.record(z.string(), z.unknown()).nullable(),
  fetchedAt: z.number(),
  freshUntil: z.number(),
  etag: z.string().nullable(),
  lastModified: z.string().nullable(),
});
type CachedDocument = z.infer<typeof CachedDocument>;

const StoredDocument = CachedDocument.extend({ tag: z.string().optional() });
const CacheFile = z.object({ version: z.literal(1), documents: z.record(z.string(), StoredDocument) });

/** A discovery document is a few KiB: anything past this is not metadata, and is neither read nor kept. */
export const MAX_DOCUMENT_BYTES = 256 * 1024;
/** A handful per platform (resource, authorization server, OpenID): room for many platforms, never unbounded. */
export const MAX_DOCUMENTS = 64;

/** What discovery reads and writes documents through: the cache on disk, or documents held back until a discovery succeeded. */
export interface DocumentCache {
  get(key: string): CachedDocument | null;
  put(key: string, document: CachedDocument): Promise<void>;
  putAll(entries: readonly (readonly [string, CachedDocument])[]): Promise<void>;
  /** A layer that keeps what is put until `commit()`: the documents of a discovery that failed are never kept. */
  pending(): PendingDocuments;
}

function sizeOf(document: CachedDocument): number {
  return document.body ? Buffer.byteLength(JSON.stringify(document.body)) : 0;
}

export class MetadataCache implements DocumentCache {
  private constructor(
    private readonly file: JsonFile<typeof CacheFile>,
    private readonly seal: StateSeal,
    private documents: Record<string, z.infer<typeof StoredDocument>>,
  ) {}

  static async open(path: string, logger: Logger, seal: StateSeal): Promise<MetadataCache> {
    const file = new JsonFile(path, CacheFile, () => ({ version: 1 as const, documents: {} }), logger);
    const loaded = await file.load();
    const trusted: Record<string, z.infer<typeof StoredDocument>> = {};
    for (const [key, stored] of Object.entries(loaded.documents)) {
      const { tag, ...document } = stored;
      if (seal.verify({ key, document }, tag)) trusted[key] = stored;
      else logger.warn('a cached discovery document failed its seal; it will be fetched again', { url: document.url });
    }
    const cache = new MetadataCache(file, seal, bounded(trusted));
    // A cache written before the bounds (or edited) is rewritten within them at once.
    if (Object.keys(cache.documents).length !== Object.keys(loaded.documents).length) await cache.save();
    return cache;
  }

  /** An in-memory cache, for callers that do not keep one on disk. */
  static inMemory(): MetadataCache {
    const noFile = { save: async () => undefined } as unknown as JsonFile<typeof CacheFile>;
    return new MetadataCache(noFile, StateSeal.ephemeral(), {});
  }

  get(key: string): CachedDocument | null {
    const stored = this.documents[key];
    if (!stored) return null;
    const { tag: _tag, ...document } = stored;
    return document;
  }

  put(key: string, document: CachedDocument): Promise<void> {
    return this.putAll([[key, document]]);
  }

  /** Stores documents in one write; one past the size cap is not kept, and past the count the least recently fetched go. */
  async putAll(entries: readonly (readonly [string, CachedDocument])[]): Promise<void> {
    if (entries.length === 0) return;
    const next = { ...this.documents };
    for (const [key, document] of entries) {
      const { url, body, fetchedAt, freshUntil, etag, lastModified } = document;
      const clean = { url, body, fetchedAt, freshUntil, etag, lastModified };
      next[key] = { ...clean, tag: this.seal.tag({ key, document: clean }) };
    }
    this.documents = bounded(next);
    await this.save();
  }

  pending(): PendingDocuments {
    return new PendingDocuments(this);
  }

  private save(): Promise<void> {
    return this.file.save({ version: 1, documents: this.documents });
  }
}

/** At most MAX_DOCUMENTS documents of at most MAX_DOCUMENT_BYTES each, the most recently fetched kept. */
function bounded(documents: Record<string, z.infer<typeof StoredDocument>>): Record<string, z.infer<typeof StoredDocument>> {
  const kept = Object.entries(documents).filter(([, document]) => sizeOf(document) <= MAX_DOCUMENT_BYTES);
  kept.sort(([, a], [, b]) => b.fetchedAt - a.fetchedAt);
  return Object.fromEntries(kept.slice(0, MAX_DOCUMENTS));
}

/** Documents read during one discovery: visible to it at once, written to the cache below only on `commit()`. */
class PendingDocuments implements DocumentCache {
  readonly #entries = new Map<string, CachedDocument>();

  constructor(private readonly below: DocumentCache) {}

  get(key: string): CachedDocument | null {
    return this.#entries.get(key) ?? this.below.get(key);
  }

  async put(key: string, document: CachedDocument): Promise<void> {
    this.#entries.set(key, document);
  }

  async putAll(entries: readonly (readonly [string, CachedDocument])[]): Promise<void> {
    for (const [key, document] of entries) this.#entries.set(key, document);
  }

  pending(): PendingDocuments {
    return new PendingDocuments(this);
  }

  /** Hands what was read to the cache below (once: a second commit writes nothing new). */
  async commit(): Promise<void> {
    const entries = [...this.#entries];
    this.#entries.clear();
    await this.below.putAll(entries);
  }
}

const MAX_FRESH_MS = 24 * 60 * 60 * 1000;

/**
 * How long a discovery document may be reused without asking again: its max-age (capped at a day), else a
 * heuristic hour. Deliberately looser than RFC 9111 for `no-cache`: metadata changes rarely, every use is
 * re-checked (issuer, endpoints), and a platform that sends no-cache without validators would otherwise cost
 * two round trips on every sign-in. `no-store` is honoured: nothing is kept.
 */
export function freshUntil(headers: Headers, now: number): number | 'no-store' {
  const cacheControl = (headers.get('cache-control') ?? '').toLowerCase();
  if (/(^|,)\s*no-store\b/.test(cacheControl)) return 'no-store';
  const maxAge = /(^|,)\s*max-age\s*=\s*"?(\d+)"?/.exec(cacheControl);
  if (maxAge?.[2] && !/(^|,)\s*no-cache\b/.test(cacheControl)) return now + Math.min(Number(maxAge[2]) * 1000, MAX_FRESH_MS);
  return now + HEURISTIC_FRESH_MS;
}
