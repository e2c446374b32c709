// How everything in the main process calls the platform's business API for an account: the bearer token,
// refresh-and-retry, insufficient_scope, rate limits, timeouts and response validation all live behind this.
import type { z } from 'zod';
import type { OperationId } from '../../../shared/platform/endpoints';

export type QueryValue = string | number | boolean | undefined | null;

export interface CallArgs {
  /** Values for `{name}` segments of the operation's path. */
  path?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

/** An operation as the platform's /openapi.json describes it (the explorer's), not one of shared/platform/endpoints.ts. */
export interface DescribedOperation {
  operationId: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  scope: string;
}

export interface PlatformCaller {
  /** One call of an operation described by the platform's /openapi.json (same rules as call()). Optional: fakes may leave it out. */
  callOperation?<S extends z.ZodType>(accountId: string, spec: DescribedOperation, schema: S, args?: CallArgs): Promise<z.output<S>>;
  /** The platform's /openapi.json for the account's API (unauthenticated, guarded fetch, the API's origin). */
  openApiDocument?(accountId: string, signal?: AbortSignal): Promise<unknown>;
  /** One call. Rejects with AppError (shared/errors.ts): sign_in_needed, insufficient_scope (with missingScopes),
   *  rate_limited, offline, unreachable, server_error, bad_response, not_found, request_refused, cancelled. */
  call<S extends z.ZodType>(accountId: string, operation: OperationId, schema: S, args?: CallArgs): Promise<z.output<S>>;
  /**
   * One call whose JSON answer comes back as its raw bytes, not parsed (the same token, retries, size cap and
   * content-type check): the data engine's worker parses and validates big pages, so the main process never does.
   */
  callBytes?(accountId: string, operation: OperationId, args?: CallArgs): Promise<Uint8Array>;
  /** Every page of a list operation, following `meta.next_cursor`; `onPage` reports progress (loaded, total). */
  paginate<S extends z.ZodType>(
    accountId: string,
    operation: OperationId,
    item: S,
    args?: CallArgs & { onPage?: (loaded: number, total: number) => void },
  ): Promise<z.output<S>[]>;
}
