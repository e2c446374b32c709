// The seam between the sandbox's HTTP/OAuth core (server, tokens, scopes, knobs) and its business API
// (data and endpoints). The core authenticates the caller, enforces `scope`, rate limits and latency, and
// parses the body; a business route only turns a request into a JSON answer for one school.
import type { OperationSpec } from '../../../shared/platform/endpoints';
import type { Scope } from '../../../shared/scopes';

export interface Caller {
  /** The school the token is for, or the anonymous school chosen by `?school=` (default: the first demo school). */
  schoolId: string;
  /** null for a request without a token: served as anonymous, reduced to public data. */
  adminId: string | null;
  scopes: ReadonlySet<Scope>;
}

export interface BusinessRequest {
  caller: Caller;
  params: Record<string, string>; // path parameters from `{name}` segments
  query: URLSearchParams;
  body: unknown; // parsed JSON for POST/PATCH (the core refuses non-JSON bodies with 400 invalid_request)
}

export interface BusinessResponse {
  status: number;
  body: unknown;
}

/** Thrown by a route for a client error; the core turns it into `{ error, error_description }` with `status`. */
export class BusinessError extends Error {
  constructor(
    readonly status: number,
    readonly code: 'invalid_request' | 'not_found' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

export interface BusinessRoute extends OperationSpec {
  operationId: string;
  /** JSON Schema of the 2xx answer (zod's toJSONSchema of the shared resource), for /openapi.json. */
  responseSchema: unknown;
  /** Query parameters for /openapi.json: name, description, required. */
  queryParameters?: { name: string; description: string; required?: boolean; schema?: Record<string, unknown> }[];
  requestBodySchema?: unknown;
  handle(request: BusinessRequest): BusinessResponse | Promise<BusinessResponse>;
}
