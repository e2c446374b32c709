// Errors that cross the IPC seam. Every failure the UI can show has a stable `code` and a message a person
// can act on; the main process keeps the `cause` (never sent: it may hold secrets).
import { z } from 'zod';

export const APP_ERROR_CODES = [
  // connecting and signing in
  'invalid_address', 'no_platform', 'unreachable', 'insecure_issuer', 'issuer_mismatch', 'bad_metadata',
  'registration_refused', 'access_denied', 'authorization_failed', 'state_mismatch', 'timed_out', 'cancelled',
  'token_exchange_failed',
  // using the platform
  'sign_in_needed', 'insufficient_scope', 'rate_limited', 'server_error', 'bad_response', 'not_found', 'offline',
  'request_refused',
  // the app itself
  'invalid_input', 'forbidden_sender', 'storage_unavailable', 'storage_corrupt', 'internal',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export const SerializedAppError = z.object({
  code: z.enum(APP_ERROR_CODES),
  message: z.string(),
  /** For insufficient_scope: the scopes to ask the admin for. */
  missingScopes: z.array(z.string()).optional(),
  /** For rate_limited: seconds to wait. */
  retryAfterSeconds: z.number().optional(),
  /** For a failed sign-in: the platform's own walkthrough (its /auth.md), when it has one. */
  helpUrl: z.url({ protocol: /^https?$/ }).optional(),
});
export type SerializedAppError = z.infer<typeof SerializedAppError>;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly missingScopes: string[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly helpUrl: string | undefined;

  constructor(code: AppErrorCode, message: string, options: { cause?: unknown; missingScopes?: string[]; retryAfterSeconds?: number; helpUrl?: string } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.missingScopes = options.missingScopes;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.helpUrl = options.helpUrl;
  }

  /** What crosses the seam: code and words, never the cause. */
  toJSON(): SerializedAppError {
    const out: SerializedAppError = { code: this.code, message: this.message };
    if (this.missingScopes) out.missingScopes = this.missingScopes;
    if (this.retryAfterSeconds !== undefined) out.retryAfterSeconds = this.retryAfterSeconds;
    if (this.helpUrl) out.helpUrl = this.helpUrl;
    return out;
  }

  static fromJSON(value: SerializedAppError): AppError {
    return new AppError(value.code, value.message, { missingScopes: value.missingScopes, retryAfterSeconds: value.retryAfterSeconds, helpUrl: value.helpUrl });
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
