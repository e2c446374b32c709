// A sortable column header: a button inside the <th>, with aria-sort on the header so screen readers say
// which column orders the table and which way.
export type SortDirection = 'asc' | 'desc';

interface SortHeaderProps<K extends string> {
  label: string;
  sortKey: K;
  sort: { key: K; direction: SortDirection };
  onSort(sort: { key: K; direction: SortDirection }): void;
  /** Numbers start descending (largest first), text ascending. */
  numeric?: boolean;
  as?: 'th' | 'div';
  className?: string;
  /** A second line under the label naming the period the column covers ("30 days to Nov 22"). */
  note?: string;
}

export function SortHeader<K extends string>({ label, sortKey, sort, onSort, numeric = false, as = 'th', className, note }: SortHeaderProps<K>) {
  const active = sort.key === sortKey;
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  const next: SortDirection = active ? (sort.direction === 'asc' ? 'desc' : 'asc') : numeric ? 'desc' : 'asc';
  const button = (
    <button type="button" className={`sort-button${active ? ' is-active' : ''}`} onClick={() => onSort({ key: sortKey, direction: next })}>
      {label}
      <span className="sort-arrow" aria-hidden="true">
        {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
      </span>
      {note && <span className="sort-note">{note}</span>}
    </button>
  );
  const classes = [numeric ? 'num' : '', className ?? ''].filter(Boolean).join(' ') || undefined;
  return as === 'th' ? (
    <th scope="col" aria-sort={ariaSort} className={classes}>
      {button}
    </th>
  ) : (
    <div role="columnheader" aria-sort={ariaSort} className={classes}>
      {button}
    </div>
  );
}
