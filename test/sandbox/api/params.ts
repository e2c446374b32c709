// Reading query parameters and JSON bodies: every bad value is a 400 invalid_request whose message names
// the parameter, so a client (and a person reading its logs) can see what to fix.
import type { z } from 'zod';
import { BusinessError } from '../http/business-route';
import { isValidTimeZone } from '../data/time-zone';

export function invalid(message: string): BusinessError {
  return new BusinessError(400, 'invalid_request', message);
}

export function notFound(what: string, id: string): BusinessError {
  return new BusinessError(404, 'not_found', `No ${what} with id ${JSON.stringify(id)} in this school.`);
}

/** A non-empty parameter value, or undefined when absent or empty. */
export function param(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name);
  return value === null || value === '' ? undefined : value;
}

export function parseLimit(query: URLSearchParams): number {
  const raw = param(query, 'limit');
  if (raw === undefined) return 100;
  if (!/^[0-9]+$/.test(raw) || Number(raw) < 1 || Number(raw) > 1000) throw invalid(`limit must be an integer from 1 to 1000, got ${JSON.stringify(raw)}.`);
  return Number(raw);
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO 8601 time with Z or an offset, or a date (read as UTC midnight), as epoch ms. */
export function parseTime(query: URLSearchParams, name: string): number | undefined {
  const raw = param(query, name);
  if (raw === undefined) return undefined;
  const ok = DATE_TIME.test(raw) || DATE_ONLY.test(raw);
  const ms = ok ? Date.parse(DATE_ONLY.test(raw) ? `${raw}T00:00:00Z` : raw) : NaN;
  if (Number.isNaN(ms)) throw invalid(`${name} must be an ISO 8601 time such as 2026-01-31T00:00:00Z (or a date 2026-01-31), got ${JSON.stringify(raw)}.`);
  return ms;
}

export function requireTime(query: URLSearchParams, name: string): number {
  const ms = parseTime(query, name);
  if (ms === undefined) throw invalid(`${name} is required (an ISO 8601 time such as 2026-01-31T00:00:00Z).`);
  return ms;
}

export function parseEnum<T extends string>(query: URLSearchParams, name: string, allowed: readonly T[]): T | undefined {
  const raw = param(query, name);
  if (raw === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(raw)) throw invalid(`${name} must be one of ${allowed.join(', ')}, got ${JSON.stringify(raw)}.`);
  return raw as T;
}

/** A comma-separated list of allowed values. */
export function parseEnumList<T extends string>(query: URLSearchParams, name: string, allowed: readonly T[]): Set<T> | undefined {
  const raw = param(query, name);
  if (raw === undefined) return undefined;
  const values = raw.split(',').map((v) => v.trim()).filter((v) => v.length > 0);
  for (const v of values) {
    if (!(allowed as readonly string[]).includes(v)) throw invalid(`${name} must be a comma-separated list of ${allowed.join(', ')}; ${JSON.stringify(v)} is not one.`);
  }
  return new Set(values as T[]);
}

export function parseBoolean(query: URLSearchParams, name: string): boolean | undefined {
  const raw = param(query, name);
  if (raw === undefined) return undefined;
  if (raw !== 'true' && raw !== 'false') throw invalid(`${name} must be true or false, got ${JSON.stringify(raw)}.`);
  return raw === 'true';
}

export function parseCurrency(query: URLSearchParams, name = 'currency'): string | undefined {
  const raw = param(query, name);
  if (raw === undefined) return undefined;
  if (!/^[A-Z]{3}$/.test(raw)) throw invalid(`${name} must be an ISO 4217 code such as USD, got ${JSON.stringify(raw)}.`);
  return raw;
}

export function parseTimeZone(query: URLSearchParams, fallback: string): string {
  const raw = param(query, 'time_zone');
  if (raw === undefined) return fallback;
  if (!isValidTimeZone(raw)) throw invalid(`time_zone must be an IANA time zone such as America/New_York, got ${JSON.stringify(raw)}.`);
  return raw;
}

/** Validates a JSON body against a zod schema; the first problem becomes the message, naming its field. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
    throw invalid(`${field}: ${issue.message}`);
  }
  return result.data;
}

/** A PATCH must change something. */
export function requireChanges(patch: object): void {
  if (Object.values(patch).every((v) => v === undefined)) throw invalid('body: name at least one field to change.');
}
