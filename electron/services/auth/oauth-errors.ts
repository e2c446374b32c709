// oauth4webapi reports problems with its own classes and codes; the UI needs ours. One mapping, so every
// step turns "the server said no" or "the server said nonsense" into the same kinds of AppError.
import * as oauth from 'oauth4webapi';
import { AppError, type AppErrorCode } from '../../../shared/errors';
import { t } from '../../../shared/i18n/i18n';

type OAuthStep = 'discovery' | 'registration' | 'authorization' | 'token' | 'refresh' | 'revocation' | 'userinfo';

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
  const doing = t(`errors:auth.steps.${step}`);
  if (error instanceof oauth.ResponseBodyError) {
    const said = error.error_description ? `: ${error.error_description.replace(/\.+$/, '')}` : '';
    if (step === 'token' && error.error === 'access_denied') return new AppError('access_denied', t('errors:auth.notGranted', { said }), { cause: error });
    if (error.status >= 500) return new AppError('server_error', t('errors:auth.problemWhile', { host, doing, error: error.error }), { cause: error });
    // Only a refused refresh grant means the sign-in is gone; the caller decides that (see token-refresher).
    const code = step === 'refresh' ? 'request_refused' : REFUSED_CODE[step];
    return new AppError(code, t('errors:auth.refusedStep', { host, doing, error: error.error, said }), { cause: error });
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    return new AppError(REFUSED_CODE[step], t('errors:auth.refusedStep', { host, doing, error: error.status, said: '' }), { cause: error });
  }
  if (error instanceof oauth.AuthorizationResponseError) {
    if (error.error === 'access_denied') return new AppError('access_denied', t('errors:auth.deniedInBrowser'), { cause: error });
    const said = error.error_description ? `: ${error.error_description}` : '';
    return new AppError('authorization_failed', t('errors:auth.notCompleted', { host, error: error.error, said }), { cause: error });
  }
  if (error instanceof oauth.OperationProcessingError) {
    if (error.cause instanceof Response && error.cause.status >= 500) {
      return new AppError('server_error', t('errors:auth.problemStatusWhile', { host, status: error.cause.status, doing }), { cause: error });
    }
    switch (error.code) {
      case oauth.HTTP_REQUEST_FORBIDDEN:
      case oauth.REQUEST_PROTOCOL_FORBIDDEN:
        return new AppError('insecure_issuer', t('errors:auth.notHttps', { host }), { cause: error });
      case oauth.RESPONSE_IS_NOT_JSON:
      case oauth.PARSE_ERROR:
        return new AppError(step === 'discovery' ? 'bad_metadata' : 'bad_response', t('errors:auth.notJsonWhile', { host, doing }), { cause: error });
      case oauth.RESPONSE_IS_NOT_CONFORM:
        return new AppError(step === 'discovery' ? 'bad_metadata' : 'bad_response', t('errors:auth.unexpectedWhile', { host, doing }), { cause: error });
      default:
        return new AppError(step === 'discovery' ? 'bad_metadata' : 'bad_response', t('errors:auth.unusableWhile', { host, doing }), { cause: error });
    }
  }
  if (error instanceof oauth.UnsupportedOperationError) {
    return new AppError('bad_response', t('errors:auth.unsupportedWhile', { host, doing }), { cause: error });
  }
  if (error instanceof TypeError) {
    // oauth4webapi throws coded TypeErrors for missing or malformed metadata (e.g. no token endpoint).
    return new AppError('bad_metadata', t('errors:auth.incomplete', { host, doing }), { cause: error });
  }
  return new AppError('internal', t('errors:auth.wrongWhile', { doing }), { cause: error });
}
