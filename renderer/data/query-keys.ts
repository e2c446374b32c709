// Which cached queries belong to the dashboards and to which account: react-query keys are
// [method, input] (renderer/lib/bridge-hooks), so both can be read back from a key.

export function isDataKey(key: readonly unknown[]): boolean {
  return typeof key[0] === 'string' && key[0].startsWith('data.');
}

export function keyAccountId(key: readonly unknown[]): string | null {
  const input = key[1];
  if (typeof input === 'object' && input !== null && 'accountId' in input) {
    const accountId = (input as { accountId: unknown }).accountId;
    return typeof accountId === 'string' ? accountId : null;
  }
  return null;
}

/** Whether a query should be refetched when the main process says an account's data changed. */
export function isStaleAfterInvalidation(key: readonly unknown[], accountId: string): boolean {
  return isDataKey(key) && keyAccountId(key) === accountId && key[0] !== 'data.orders.load';
}
