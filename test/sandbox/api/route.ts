// One place that turns an operation of shared/platform/endpoints.ts plus a handler into a BusinessRoute:
// the response's JSON Schema for /openapi.json, the query parameters, and the school the caller is for.
import { z } from 'zod';
import { OPERATIONS, type OperationId } from '../../../shared/platform/endpoints';
import { BusinessError, type BusinessRequest, type BusinessRoute } from '../http/business-route';
import type { DemoPlatform, SchoolData } from '../data';

/** `schema`: its JSON Schema in /openapi.json (default a plain string), so a client can build the right input. */
export type QueryParameter = { name: string; description: string; required?: boolean; schema?: Record<string, unknown> };

interface RouteDefinition {
  response: z.ZodType;
  query?: QueryParameter[];
  body?: z.ZodType;
  /** 200 unless said. */
  status?: number;
  /** Replaces the operation's summary (the analytics routes state their figures' definitions). */
  summary?: string;
  handle(request: BusinessRequest, school: SchoolData): unknown;
}

export function defineRoute(platform: DemoPlatform, operationId: OperationId, definition: RouteDefinition): BusinessRoute {
  const operation = OPERATIONS[operationId];
  return {
    operationId,
    ...operation,
    summary: definition.summary ?? operation.summary,
    responseSchema: z.toJSONSchema(definition.response),
    ...(definition.query ? { queryParameters: definition.query } : {}),
    ...(definition.body ? { requestBodySchema: z.toJSONSchema(definition.body) } : {}),
    handle: (request) => {
      const school = platform.data.get(request.caller.schoolId);
      if (!school) throw new BusinessError(404, 'not_found', `No school ${JSON.stringify(request.caller.schoolId)} on this platform.`);
      return { status: definition.status ?? 200, body: definition.handle(request, school) };
    },
  };
}

export const PAGE_PARAMETERS: QueryParameter[] = [
  { name: 'limit', description: 'Page size, 1 to 1000 (default 100)', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
  { name: 'cursor', description: 'meta.next_cursor of the previous page; only valid with the same filters and sort' },
];

export function isAdmin(request: BusinessRequest): boolean {
  return request.caller.adminId !== null;
}
