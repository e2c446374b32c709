// The words for states, written once: the badges, the filters and the CSV export all say the same thing,
// so an admin who filters on "Manually enrolled" finds "Manually enrolled" in the table and the spreadsheet.

export const ORDER_STATE_LABELS: Readonly<Record<string, string>> = {
  not_paid: 'Not paid',
  paid: 'Paid',
  expired: 'Expired',
  failed: 'Failed',
  manual_enrolled: 'Manually enrolled',
  refunded: 'Refunded',
  refunding: 'Refunding',
};

export const COURSE_STATE_LABELS: Readonly<Record<string, string>> = { draft: 'Draft', published: 'Published', hidden: 'Hidden' };

/** A state's label, or the platform's own word for a state this version does not know yet. */
export function stateLabel(labels: Readonly<Record<string, string>>, state: string): string {
  return labels[state] ?? state;
}
