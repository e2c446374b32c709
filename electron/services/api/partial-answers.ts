// Two ways a screen still shows when part of what it reads is not there: a list this platform does not have
// (the call answers not_found: the screen says "not offered"), and a part behind a scope the admin did not
// grant (that part is left out, the rest shows). In the app's terms (AppError codes), whatever the platform:
// the API client reports both that way, so the adapter's composite reads and the handlers use the same two rules.
import { isAppError } from '../../../shared/errors';

/** The answer for "this platform has no such list", or the error again. */
export async function unlessMissing<T>(read: () => Promise<T>, missing: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return missing;
    throw error;
  }
}

/** A part of a screen behind a scope the admin did not grant: the rest still shows. */
export function withoutScope<T>(promise: Promise<T>, fallback: T): Promise<T> {
  return promise.catch((error: unknown) => {
    if (isAppError(error) && error.code === 'insufficient_scope') return fallback;
    throw error;
  });
}
