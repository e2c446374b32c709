// Which scope an operation needs, from the platform's own /openapi.json (`x-required-scope`, else the
// operation's oauth2 security requirement). Used when a 403 insufficient_scope challenge names no scope.
import { z } from 'zod';
import { fetchOpenApi, openApiAddresses } from './openapi-fetch';

const OpenApiOperation = z.looseObject({
  operationId: z.string().optional(),
  'x-required-scope': z.string().optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
});
const OpenApiDocument = z.looseObject({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });

export class OperationScopeCatalog {
  private readonly documents = new Map<string, Promise<z.infer<typeof OpenApiDocument> | null>>();

  constructor(private readonly http: typeof fetch) {}

  /** The scopes `operationId` (at `method path`) needs, or [] when the platform does not say. Never throws. */
  async scopesFor(apiBase: string, operationId: string, method: string, path: string): Promise<string[]> {
    const document = await this.load(apiBase);
    if (!document) return [];
    const candidates: unknown[] = [];
    for (const [itemPath, item] of Object.entries(document.paths)) {
      for (const [itemMethod, operation] of Object.entries(item)) {
        const parsed = OpenApiOperation.safeParse(operation);
        if (!parsed.success) continue;
        if (parsed.data.operationId === operationId || (itemPath === path && itemMethod.toLowerCase() === method.toLowerCase())) candidates.push(parsed.data);
      }
    }
    for (const candidate of candidates as z.infer<typeof OpenApiOperation>[]) {
      if (candidate['x-required-scope']) return [candidate['x-required-scope']];
      const scopes = (candidate.security ?? []).flatMap((requirement) => Object.values(requirement).flat());
      if (scopes.length > 0) return [...new Set(scopes)];
    }
    return [];
  }

  private load(apiBase: string): Promise<z.infer<typeof OpenApiDocument> | null> {
    let pending = this.documents.get(apiBase);
    if (!pending) {
      pending = (async () => {
        for (const url of openApiAddresses(apiBase)) {
          const document = await fetchOpenApi(this.http, url)
            .then(async (response) => (response.ok ? OpenApiDocument.parse(await response.json()) : null))
            .catch(() => null);
          if (document) return document;
        }
        return null;
      })();
      // A failed load is not remembered, so the next 403 tries again.
      void pending.then((doc) => { if (!doc) this.documents.delete(apiBase); });
      this.documents.set(apiBase, pending);
    }
    return pending;
  }
}
