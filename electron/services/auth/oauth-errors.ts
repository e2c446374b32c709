// oauth4webapi reports problems with its own classes and codes; the UI needs ours. One mapping, so every
// step turns "the server said no" or "the server said nonsense" into the same kinds of AppError.
import * as oauth from 'oauth4webapi';
import { AppError, type AppErrorCode } from '../../../shared/errors';

type OAuthStep = 'discovery' | 'registration' | 'authorization' | 'token' | 'refresh' | 'revocation' | 'userinfo';

const STEP_WORDS: Record<OAuthStep, string> = {
  discovery: 'describing its sign-in service',
  registration: 'registering this app',
  authorization: 'the sign-in',
  token: 'finishing the sign-in',
  refresh: 'renewing the sign-in',
  revocation: 'signing out',
  userinfo: 'loading your profile',
};

const REFUSED_CODE: Record<OAuthStep, AppErrorCode> = {
  discovery: 'bad_metadata',
  registration: 'registration_refused',
  authorization: 'authorization_failed',
  token: 'token_exchange_failed',
  refresh: 'sign_in_needed',
  revocation: 'request_refused',
  userinfo: 'bad_response',
};

/** Maps anything thrown while running `step` against `host` to an AppError (AppErrors pass through). */
export function toAppError(error: unknown, step: OAuthStep, host: string): AppError {
  if (error instanceof AppError) return error;
  const doing = STEP_WORDS[step];
  if (error instanceof oauth.ResponseBodyError) {
    const said = error.error_description ? `: ${error.error_description.replace(/\.+$/, '')}` : '';
    if (step === 'token' && error.error === 'access_denied') return new AppError('access_denied', `Access was not granted${said}.`, { cause: error });
    if (error.status >= 500) return new AppError('server_error', `${host} had a problem while ${doing} (${error.error}); try again later.`, { cause: error });
    // Only a refused refresh grant means the sign-in is gone; the caller decides that (see token-refresher).
    const code = step === 'refresh' ? 'request_refused' : REFUSED_CODE[step];
    return new AppError(code, `${host} refused ${doing} (${error.error})${said}.`, { cause: error });
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    return new AppError(REFUSED_CODE[step], `${host} refused ${doing} (${error.status}).`, { cause: error });
  }
  if (error instanceof oauth.AuthorizationResponseError) {
    if (error.error === 'access_denied') return new AppError('access_denied', 'Access was not granted in the browser, so the school was not connected.', { cause: error });
    const said = error.error_description ? `: ${error.error_description}` : '';
    return new AppError('authorization_failed', `${host} did not complete the sign-in (${error.error})${said}.`, { cause: error });
  }
  if (error instanceof oauth.OperationProcessingError) {
    if (error.cause instanceof Response && error.cause.status >= 500) {
      return new AppError('server_error', `${host} had a problem (${error.cause.status}) while ${doing}; try again later.`, { cause: error });
    }
    switch (error.code) {
      case oauth.HTTP_REQUEST_FORBIDDEN:
      case oauth.REQUEST_PROTOCOL_FORBIDDEN:
        return new AppError('insecure_issuer', `${host} asked the app to use a non-HTTPS address, which it refuses.`, { cause: error });
      case oauth.RESPONSE_IS_NOT_JSON:
      case oauth.PARSE_ERROR:
        return new AppError(step === 'discovery' ? 'bad_metadata' : 'bad_response', `${host} sent an answer that is not JSON while ${doing}.`, { cause: error });
      case oauth.RESPONSE_IS_NOT_CONFORM:
        return new AppError(step === 'discovery' ? 'bad_metadata' : 'bad_response', `${host} sent an unexpected answer while ${doing}.`, { cause: error });
      default:
        return new AppError(step === 'discovery' ? 'bad_metadata' : 'bad_response', `${host} sent an answer the app cannot use while ${doing}.`, { cause: error });
    }
  }
  if (error instanceof oauth.UnsupportedOperationError) {
    return new AppError('bad_response', `${host} answered in a way this app does not support while ${doing}.`, { cause: error });
  }
  if (error instanceof TypeError) {
    // oauth4webapi throws coded TypeErrors for missing or malformed metadata (e.g. no token endpoint).
    return new AppError('bad_metadata', `${host}'s sign-in service description is incomplete, so ${doing} is not possible.`, { cause: error });
  }
  return new AppError('internal', `Something went wrong while ${doing}.`, { cause: error });
}
