// One notice per record: a newer notice about the same record replaces the earlier one (never "Disabled …
// Undo" beside "Enabled … Undo"); notices about different records, or none, stack up to three.
import { describe, expect, it } from 'vitest';
import { useNotices } from '../../../renderer/state/notices';

describe('notices', () => {
  it('replace an earlier notice about the same record and keep the others', () => {
    const { push } = useNotices.getState();
    push({ tone: 'info', title: 'Signed in' });
    push({ tone: 'success', title: 'Disabled coupon “SPRING”', key: 'coupon:cpn_1', action: { label: 'Undo', run: () => undefined } });
    push({ tone: 'success', title: 'Enabled coupon “SPRING”', key: 'coupon:cpn_1', action: { label: 'Undo', run: () => undefined } });
    expect(useNotices.getState().notices.map((n) => n.title)).toEqual(['Signed in', 'Enabled coupon “SPRING”']);
  });
});
