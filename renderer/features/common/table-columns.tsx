// A table's columns said once: the header cells of a <table> (DataTable) and of the virtual tables' ARIA grid
// (VirtualTable) are drawn from the same list, sortable or not.
import type { ReactNode } from 'react';
import { SortHeader, type SortDirection } from './SortHeader';

export interface Column<K extends string = string> {
  label: string;
  /** Makes the column sortable by this key (a button in the header, aria-sort on the cell). */
  sortKey?: K;
  /** Right-aligned; a sortable numeric column starts descending. */
  numeric?: boolean;
  /** Said to screen readers only (a column of checkboxes or row actions). */
  hidden?: boolean;
  /** A tooltip on the header saying how the column's figure is made. */
  title?: string;
  /** A second line under a sortable label naming the period it covers. */
  note?: string;
}

export interface ColumnSort<K extends string> {
  sort?: { key: K; direction: SortDirection };
  onSort?(sort: { key: K; direction: SortDirection }): void;
}

export function HeaderCells<K extends string>({ columns, sort, onSort, as }: { columns: readonly Column<K>[]; as: 'th' | 'div' } & ColumnSort<K>) {
  return (
    <>
      {columns.map((c) => {
        if (c.sortKey !== undefined && sort && onSort) {
          return <SortHeader key={c.label} as={as} label={c.label} sortKey={c.sortKey} sort={sort} onSort={onSort} numeric={c.numeric} note={c.note} />;
        }
        const content: ReactNode = c.hidden ? <span className="visually-hidden">{c.label}</span> : c.label;
        return as === 'th' ? (
          <th key={c.label} scope="col" className={c.numeric ? 'num' : undefined} title={c.title}>
            {content}
          </th>
        ) : (
          <div key={c.label} role="columnheader" className={c.numeric ? 'num' : undefined} title={c.title}>
            {content}
          </div>
        );
      })}
    </>
  );
}
