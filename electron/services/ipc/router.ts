// One entry point for every call from the renderer, whichever transport carried it (Electron IPC or the
// browser host). In order: the sender must be trusted, the method must exist, the input must match the
// contract's schema; only then does a handler run. What goes back is a value or a SerializedAppError,
// never a stack or a cause. The log gets the method name and the error code, never the payload.
import type { z } from 'zod';
import { AppError, isAppError } from '../../../shared/errors';
import type { SerializedAppError } from '../../../shared/errors';
import { t } from '../../../shared/i18n/i18n';
import { isMethodName, METHODS } from '../../../shared/ipc';
import type { MethodName } from '../../../shared/ipc';
import type { Logger } from '../log';
import type { CallContext, MethodHandler, MethodHandlers } from './handler-types';

export type RouterResult = { ok: true; value: unknown } | { ok: false; error: SerializedAppError };

export interface RouteRequest {
  /** Raw from the wire: validated here. */
  method: unknown;
  input: unknown;
  /** The transport's verdict on who sent this (Electron: our main frame on app://; browser host: authenticated). */
  isTrustedSender: () => boolean;
  signal?: AbortSignal;
  /** Browser mode: which browser session sent the call (handed to the handler, never to the log). */
  browserSession?: string;
}

export interface IpcRouterOptions {
  handlers: Partial<MethodHandlers>;
  logger: Logger;
  /** Check handlers' outputs against the contract (development and tests): a mismatch is a bug, reported as `internal`. */
  validateOutput?: boolean;
}

export interface IpcRouter {
  route(request: RouteRequest): Promise<RouterResult>;
}

const MAX_METHOD_NAME = 128;

export function createIpcRouter(options: IpcRouterOptions): IpcRouter {
  const { handlers, logger } = options;

  function refuse(methodLabel: string, error: AppError): RouterResult {
    logger.warn('ipc call refused', { method: methodLabel, errorCode: error.code });
    return { ok: false, error: error.toJSON() };
  }

  async function route(request: RouteRequest): Promise<RouterResult> {
    const methodLabel = typeof request.method === 'string' && request.method.length <= MAX_METHOD_NAME ? request.method : '(not a method name)';
    if (!request.isTrustedSender()) {
      return refuse(methodLabel, new AppError('forbidden_sender', t('errors:router.forbiddenSender')));
    }
    if (typeof request.method !== 'string' || !isMethodName(request.method)) {
      return refuse(methodLabel, new AppError('invalid_input', t('errors:router.unknownMethod')));
    }
    const method: MethodName = request.method;
    const definition = METHODS[method];
    const parsed = definition.input.safeParse(request.input ?? {});
    if (!parsed.success) {
      return refuse(method, withoutEcho(new AppError('invalid_input', t('errors:router.malformed', { method, issue: firstIssue(parsed.error) })), request.input));
    }
    const handler = handlers[method] as MethodHandler<MethodName> | undefined;
    if (!handler) {
      return refuse(method, new AppError('internal', t('errors:router.notAvailable')));
    }

    const context: CallContext = { signal: request.signal ?? new AbortController().signal, ...(request.browserSession ? { browserSession: request.browserSession } : {}) };
    try {
      const value = await handler(parsed.data as never, context);
      if (options.validateOutput) {
        const checked = definition.output.safeParse(value);
        if (!checked.success) {
          logger.error('ipc handler returned a value outside the contract', { method, errorCode: 'internal', issue: firstIssue(checked.error) });
          return { ok: false, error: new AppError('internal', t('errors:router.internal')).toJSON() };
        }
        return { ok: true, value: checked.data };
      }
      return { ok: true, value };
    } catch (error) {
      if (isAppError(error)) {
        logger.warn('ipc call failed', { method, errorCode: error.code });
        return { ok: false, error: withoutEcho(error, parsed.data).toJSON() };
      }
      logger.error('ipc handler threw', { method, errorCode: 'internal', error: error instanceof Error ? error.name : typeof error });
      return { ok: false, error: new AppError('internal', t('errors:router.internal')).toJSON() };
    }
  }

  return { route };
}

/** Where the input went wrong, by path and kind only: never the offending value (it may be a secret). */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(input)';
  return `${path}: ${issue.code}`;
}

const ECHO_MIN_LENGTH = 3;
const MAX_ECHO_VALUES = 200;
/** Keys whose values are secrets whatever they look like. */
const SECRET_KEY = /secret|password|token|verifier|credential|key$/i;
/** Markup, script addresses and control characters: never repeated, whichever field they came in. */
const HOSTILE = { test: (value: string) => /[<>]|javascript:/i.test(value) || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) };
/** A long opaque string (no spaces) is likely a pasted credential. */
const OPAQUE = /^[^\s]{32,}$/;

/**
 * The error as it may leave the main process: a secret of the input (a value under a secret-named key, or a
 * long opaque string) or a hostile value (markup, a script address, control characters) the message repeats
 * is replaced, whichever handler or library wrote it. Plain values stay, so "A coupon with code autumn-55
 * already exists" still names the code the admin typed; web addresses stay, so "… could not be reached" names
 * the school.
 */
export function withoutEcho(error: AppError, input: unknown): AppError {
  const echoes = riskyInputStrings(input).filter((value) => error.message.includes(value));
  if (echoes.length === 0) return error;
  let message = error.message;
  for (const value of echoes.sort((a, b) => b.length - a.length)) message = message.split(value).join('(the value given)');
  const copy = new AppError(error.code, message, { missingScopes: error.missingScopes, retryAfterSeconds: error.retryAfterSeconds });
  return copy;
}

function riskyInputStrings(input: unknown): string[] {
  const out = new Set<string>();
  const visit = (value: unknown, depth: number, secret: boolean) => {
    if (out.size >= MAX_ECHO_VALUES || depth > 6) return;
    if (typeof value === 'string') {
      if (value.length < ECHO_MIN_LENGTH) return;
      if (HOSTILE.test(value) || ((secret || OPAQUE.test(value)) && !isWebAddress(value))) out.add(value);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (!Array.isArray(value) && HOSTILE.test(key)) out.add(key);
      visit(inner, depth + 1, secret || (!Array.isArray(value) && SECRET_KEY.test(key)));
    }
  };
  visit(input, 0, false);
  return [...out];
}

function isWebAddress(value: string): boolean {
  return /^https?:\/\/[^\s<>"']+$/i.test(value);
}
