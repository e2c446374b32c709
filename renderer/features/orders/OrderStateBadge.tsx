export const ORDER_STATE_LABELS: Record<string, string> = {
  not_paid: 'Not paid',
  paid: 'Paid',
  expired: 'Expired',
  failed: 'Failed',
  manual_enrolled: 'Manually enrolled',
  refunded: 'Refunded',
  refunding: 'Refunding',
};

export function OrderStateBadge({ state }: { state: string }) {
  return <span className={`badge badge-order-${state}`} data-state={state}>{ORDER_STATE_LABELS[state] ?? state}</span>;
}
