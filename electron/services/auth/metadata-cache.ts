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

export class MetadataCache {
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
    return new MetadataCache(file, seal, trusted);
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

  async put(key: string, document: CachedDocument): Promise<void> {
    const { url, body, fetchedAt, freshUntil, etag, lastModified } = document;
    const clean = { url, body, fetchedAt, freshUntil, etag, lastModified };
    this.documents = { ...this.documents, [key]: { ...clean, tag: this.seal.tag({ key, document: clean }) } };
    await this.file.save({ version: 1, documents: this.documents });
  }

  async drop(key: string): Promise<void> {
    const { [key]: _gone, ...rest } = this.documents;
    this.documents = rest;
    await this.file.save({ version: 1, documents: this.documents });
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
