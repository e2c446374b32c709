// The app's plain tables (Coupons, Subscriptions, Activity, a student's profile, Members, Courses …): one
// scrolling frame, one header drawn from the columns, the rows as the page writes them.
import type { HTMLAttributes, ReactNode } from 'react';
import { HeaderCells, type Column, type ColumnSort } from './table-columns';

interface DataTableProps<K extends string> extends ColumnSort<K> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<K>[];
  /** Extra classes on the table (`data-table-fit`, a page's own). */
  className?: string;
  testId?: string;
  /** Props of the <tbody> (the roving focus's key and focus handlers). */
  body?: HTMLAttributes<HTMLTableSectionElement>;
  /** Props of the scrolling frame around the table (its classes join `table-scroll`); `false`: no frame. */
  frame?: HTMLAttributes<HTMLDivElement> | false;
  /** The rows: <tr> elements. */
  children: ReactNode;
  /** Rows of a <tfoot> (totals). */
  foot?: ReactNode;
}

export function DataTable<K extends string = string>({ label, columns, sort, onSort, className, testId, body, frame = {}, children, foot }: DataTableProps<K>) {
  const table = (
    <table className={className ? `data-table ${className}` : 'data-table'} aria-label={label} data-testid={testId}>
      <thead>
        <tr>
          <HeaderCells as="th" columns={columns} sort={sort} onSort={onSort} />
        </tr>
      </thead>
      <tbody {...body}>{children}</tbody>
      {foot && <tfoot>{foot}</tfoot>}
    </table>
  );
  if (frame === false) return table;
  return (
    <div {...frame} className={frame.className ? `table-scroll ${frame.className}` : 'table-scroll'}>
      {table}
    </div>
  );
}

export type { Column } from './table-columns';
