// The big lists' table (Orders, Students): an ARIA table whose body draws only the rows in view (useVirtualRows),
// with one Tab stop, arrow keys, PageUp/Down and Home/End between rows, and a "Loading…" placeholder for a row
// whose block has not arrived. Each page gives its columns, its cells and its own row keys.
import { memo, useCallback, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderCells, type Column, type ColumnSort } from './table-columns';
import type { VirtualRows } from './use-virtual-rows';

interface VirtualTableProps<T, K extends string> extends ColumnSort<K> {
  /** The table's accessible name. */
  label: string;
  /** Names the table (`<name>-table`) and its scrolling body (`<name>-scroll`) for tests. */
  name: string;
  className?: string;
  columns: readonly Column<K>[];
  virtual: VirtualRows;
  rowHeight: number;
  /** The row at an index, undefined while its block is on its way. */
  rowAt(index: number): T | undefined;
  /** A row's id, set on its element as `data-<idAttribute>`. */
  idOf(row: T): string;
  idAttribute: string;
  /** aria-selected of a row: `undefined` leaves it out. */
  selected(row: T | undefined): boolean | undefined;
  /** The cells of a loaded row. Keep it stable (useCallback): rows re-render only when it or their row changes. */
  cells(row: T, index: number, selected: boolean): ReactNode;
  /** A key the table does not handle (Enter, Space): true when the page handled it. */
  onRowKey?(index: number, event: KeyboardEvent<HTMLDivElement>): boolean;
  onRowClick?(index: number): void;
  busy?: boolean;
}

export function VirtualTable<T, K extends string>({
  label, name, className, columns, sort, onSort, virtual, rowHeight, rowAt, idOf, idAttribute, selected, cells, onRowKey, onRowClick, busy,
}: VirtualTableProps<T, K>) {
  const { scrollRef, virtualizer, items, focusIndex, setFocusIndex, moveFocus, total } = virtual;
  const { t } = useTranslation('common');
  const placeholder = t('loadingRow');
  const onKey = useCallback(
    (index: number, e: KeyboardEvent<HTMLDivElement>) => {
      if (e.target !== e.currentTarget) return; // a link or checkbox inside the row handles its own keys
      if (moveFocus(index, e.key) || onRowKey?.(index, e)) e.preventDefault();
    },
    [moveFocus, onRowKey],
  );
  return (
    <div className={className ? `vtable ${className}` : 'vtable'} role="table" aria-label={label} aria-rowcount={total + 1} aria-busy={busy || undefined} data-testid={`${name}-table`}>
      <div className="vtable-inner">
        <div className="vtable-head" role="rowgroup">
          <div className="vtable-row vtable-header" role="row" aria-rowindex={1}>
            <HeaderCells as="div" columns={columns} sort={sort} onSort={onSort} />
          </div>
        </div>
        <div ref={scrollRef} className="vtable-body" role="rowgroup" data-testid={`${name}-scroll`}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const row = rowAt(item.index);
              const isSelected = selected(row);
              return (
                <VirtualRow
                  key={item.key}
                  index={item.index}
                  start={item.start}
                  height={rowHeight}
                  row={row}
                  id={row === undefined ? undefined : idOf(row)}
                  idAttribute={idAttribute}
                  selected={isSelected}
                  focusable={item.index === focusIndex}
                  cells={cells}
                  placeholder={placeholder}
                  onClick={onRowClick}
                  onFocusIndex={setFocusIndex}
                  onKey={onKey}
                />
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}

interface VirtualRowProps<T> {
  index: number;
  start: number;
  height: number;
  row: T | undefined;
  id: string | undefined;
  idAttribute: string;
  selected: boolean | undefined;
  focusable: boolean;
  cells(row: T, index: number, selected: boolean): ReactNode;
  /** The text of a row whose block has not arrived, in the UI language. */
  placeholder: string;
  onClick?(index: number): void;
  onFocusIndex(index: number): void;
  onKey(index: number, e: KeyboardEvent<HTMLDivElement>): void;
}

// Memoised with stable handlers: as the list scrolls, only the rows entering the view (or whose block just
// arrived) render; the others keep their element and only React's diff of the list runs.
const VirtualRow = memo(function VirtualRow<T>({ index, start, height, row, id, idAttribute, selected, focusable, cells, placeholder, onClick, onFocusIndex, onKey }: VirtualRowProps<T>) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-index={index}
      {...{ [`data-${idAttribute}`]: id }}
      tabIndex={focusable ? 0 : -1}
      className={`vtable-row${selected ? ' is-selected' : ''}${row === undefined ? ' is-loading' : ''}`}
      style={{ position: 'absolute', top: 0, left: 0, right: 0, height, transform: `translateY(${start}px)` }}
      onClick={onClick ? () => onClick(index) : undefined}
      onFocus={(e) => {
        if (e.target === e.currentTarget) onFocusIndex(index);
      }}
      onKeyDown={(e) => onKey(index, e)}
    >
      {row === undefined ? <div role="cell" className="vtable-placeholder">{placeholder}</div> : cells(row, index, selected === true)}
    </div>
  );
}) as <T>(props: VirtualRowProps<T>) => ReactNode;
