// Where an order's drawer opens and where it closes to. An order opens over the page it was opened from:
// the Orders list, or a course's page (its orders table). The navigation carries which page opened it, so
// Close goes back in history (to the very row or link, with the page as it was) instead of adding an entry.
interface OrderLinkState {
  openedFrom: string;
}

/** The page an order's drawer sits on: a course's page when the route names a course, else the Orders list. */
export function orderListPath(courseId: string | undefined): string {
  return courseId ? `/courses/${encodeURIComponent(courseId)}` : '/orders';
}

/** The link to an order over `listPath`, with the state that lets its drawer go back to where it was opened. */
export function orderLink(orderId: string, courseId?: string): { to: string; state: OrderLinkState } {
  const listPath = orderListPath(courseId);
  const to = courseId ? `${listPath}/orders/${encodeURIComponent(orderId)}` : `/orders/${encodeURIComponent(orderId)}`;
  return { to, state: { openedFrom: listPath } };
}

/** True when the drawer was opened from its own page in this session (Back then returns there). */
export function openedFromList(state: unknown, listPath: string): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<OrderLinkState>).openedFrom === listPath;
}
