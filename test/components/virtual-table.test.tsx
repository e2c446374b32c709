// @vitest-environment happy-dom
// The big lists' table (VirtualTable with useVirtualRows, as Orders and Students use them), in a DOM: only the
// rows in view are drawn, one row is the Tab stop, the arrow keys, PageUp/Down and Home/End move the focus (to
// rows not drawn yet too), a row whose block has not arrived says "Loading…", and the page's own keys run.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { VirtualTable } from '../../renderer/features/common/VirtualTable';
import { useVirtualRows } from '../../renderer/features/common/use-virtual-rows';
import type { Column } from '../../renderer/features/common/table-columns';
import { contractBridge } from './contract-bridge';
import { renderWithBridge } from './render';

const ROW_HEIGHT = 44;
const VIEW_ROWS = 10;

// happy-dom lays nothing out and fires no scroll event: the scrolling body gets the height of ten rows and the
// height of its content, and scrolling it fires "scroll", as a browser window does.
beforeAll(() => {
  const isBody = (el: Element) => el.classList.contains('vtable-body');
  const scrollTop = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')!;
  Object.defineProperties(HTMLElement.prototype, {
    clientHeight: { configurable: true, get(this: HTMLElement) { return isBody(this) ? VIEW_ROWS * ROW_HEIGHT : 0; } },
    scrollHeight: { configurable: true, get(this: HTMLElement) { return isBody(this) ? parseFloat((this.firstElementChild as HTMLElement | null)?.style.height ?? '0') : 0; } },
    scrollTop: {
      configurable: true,
      get(this: HTMLElement) { return scrollTop.get!.call(this); },
      set(this: HTMLElement, value: number) {
        scrollTop.set!.call(this, value);
        if (isBody(this)) setTimeout(() => this.dispatchEvent(new Event('scroll')));
      },
    },
  });
});

interface Row {
  id: string;
  name: string;
}
type Key = 'name';
const COLUMNS: Column<Key>[] = [{ label: 'Name', sortKey: 'name' }, { label: 'Actions', hidden: true }];

/** A list of `total` rows of which the first `loaded` have arrived; Enter opens a row. */
function Harness({ total, loaded }: { total: number; loaded: number }) {
  const virtual = useVirtualRows(total, ROW_HEIGHT);
  const [opened, setOpened] = useState<string | null>(null);
  const [sort, setSort] = useState<{ key: Key; direction: 'asc' | 'desc' }>({ key: 'name', direction: 'asc' });
  const rowAt = useCallback((index: number): Row | undefined => (index < loaded ? { id: `r${index}`, name: `Row ${index}` } : undefined), [loaded]);
  const cells = useCallback((row: Row) => <div role="cell">{row.name}</div>, []);
  const onRowKey = useCallback(
    (index: number, e: React.KeyboardEvent) => {
      if (e.key !== 'Enter') return false;
      setOpened(rowAt(index)?.id ?? null);
      return true;
    },
    [rowAt],
  );
  return (
    <>
      <VirtualTable
        label="People"
        name="people"
        columns={COLUMNS}
        sort={sort}
        onSort={setSort}
        virtual={virtual}
        rowHeight={ROW_HEIGHT}
        rowAt={rowAt}
        idOf={(row) => row.id}
        idAttribute="row-id"
        selected={(row) => (row !== undefined && row.id === opened) || undefined}
        cells={cells}
        onRowKey={onRowKey}
      />
      <output data-testid="opened">{opened ?? ''}</output>
      <output data-testid="sort">{`${sort.key} ${sort.direction}`}</output>
    </>
  );
}

function rows() {
  return within(screen.getByTestId('people-scroll')).getAllByRole('row');
}
const focusedIndex = () => Number((document.activeElement as HTMLElement | null)?.getAttribute('data-index'));

describe('VirtualTable', () => {
  it('draws the header from the columns and only the rows in view, each with its place in the whole list', () => {
    renderWithBridge(<Harness total={1000} loaded={1000} />, contractBridge({}));
    const table = screen.getByRole('table', { name: 'People' });
    expect(table.getAttribute('aria-rowcount')).toBe('1001');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name▲', 'Actions']);
    expect(headers[0]!.getAttribute('aria-sort')).toBe('ascending');
    expect(headers[1]!.querySelector('.visually-hidden')?.textContent).toBe('Actions');
    const drawn = rows();
    expect(drawn.length).toBeGreaterThanOrEqual(VIEW_ROWS);
    expect(drawn.length).toBeLessThan(40);
    expect(drawn[0]!.getAttribute('aria-rowindex')).toBe('2');
    expect(drawn[0]!.getAttribute('data-row-id')).toBe('r0');
  });

  it('is one Tab stop: only the current row is in the Tab order, and it moves with the focus', async () => {
    renderWithBridge(<Harness total={1000} loaded={1000} />, contractBridge({}));
    const tabbable = () => rows().filter((r) => r.tabIndex === 0).map((r) => r.getAttribute('data-index'));
    expect(tabbable()).toEqual(['0']);
    act(() => rows()[0]!.focus());
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(focusedIndex()).toBe(1));
    expect(tabbable()).toEqual(['1']);
  });

  it('moves the focus with the arrows, PageUp/PageDown and Home/End, stopping at the ends, drawing the rows it reaches', async () => {
    renderWithBridge(<Harness total={1000} loaded={1000} />, contractBridge({}));
    act(() => rows()[0]!.focus());
    const press = async (key: string, expected: number) => {
      fireEvent.keyDown(document.activeElement!, { key });
      await waitFor(() => expect(focusedIndex()).toBe(expected));
    };
    await press('ArrowUp', 0);
    await press('ArrowDown', 1);
    await press('PageDown', 11);
    await press('PageDown', 21);
    await press('PageUp', 11);
    await press('End', 999);
    expect(screen.getByTestId('people-scroll').querySelector('[data-index="0"]')).toBeNull();
    await press('ArrowDown', 999);
    await press('Home', 0);
  });

  it('shows a placeholder for a row whose block has not arrived, and the page\'s own keys on a loaded row', async () => {
    renderWithBridge(<Harness total={1000} loaded={3} />, contractBridge({}));
    const drawn = rows();
    expect(drawn[2]!.textContent).toBe('Row 2');
    expect(drawn[3]!.textContent).toBe('Loading…');
    expect(drawn[3]!.className).toContain('is-loading');
    expect(drawn[3]!.hasAttribute('data-row-id')).toBe(false);
    act(() => drawn[2]!.focus());
    fireEvent.keyDown(drawn[2]!, { key: 'Enter' });
    expect(screen.getByTestId('opened').textContent).toBe('r2');
    await waitFor(() => expect(rows()[2]!.getAttribute('aria-selected')).toBe('true'));
  });

  it('sorts by a column from its header button', () => {
    renderWithBridge(<Harness total={5} loaded={5} />, contractBridge({}));
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(screen.getByTestId('sort').textContent).toBe('name desc');
  });
});
