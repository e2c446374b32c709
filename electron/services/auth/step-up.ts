// Step-up (incremental authorization): the admin agreed to give more access, so ask again for what the
// account has plus exactly the missing scopes; the account, its school and its cache stay as they are.
import { t } from '../../../shared/i18n/i18n';
import { AppError } from '../../../shared/errors';

/** The scope list for the new authorization request: the granted ones, then the missing ones, each once. */
export function stepUpScopes(granted: readonly string[], wanted: readonly string[]): { scopes: string[]; added: string[] } {
  const have = new Set(granted);
  const added = [...new Set(wanted.filter((scope) => scope.length > 0 && !have.has(scope)))];
  if (wanted.some((scope) => /\s/.test(scope))) throw new AppError('invalid_input', t('errors:main.scopeSpaces'));
  return { scopes: [...granted, ...added], added };
}
