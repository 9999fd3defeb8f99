import { Fragment, type ReactNode, useId } from 'react';
import { usePhoneWidth } from '../../lib/usePhoneWidth';

export interface Column {
  /** The header's text; `hidden` keeps it for screen readers only (a column of buttons). */
  label: string;
  hidden?: boolean;
  align?: 'left' | 'right';
  /** Classes of its cells in the table (widths, wrapping). */
  cellClass?: string;
}

/**
 * The back office's wide tables: on a phone the table scrolls sideways inside its own labelled
 * region, not the page. The region is keyboard-reachable so it can be scrolled without a pointer,
 * and `relative`, so visually hidden text in it scrolls with it instead of widening the page.
 */
export function ScrollingTable({ caption, columns, minWidth, children }: { caption: string; columns: readonly Column[]; minWidth: string; children: ReactNode }) {
  const captionId = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
    <section aria-labelledby={captionId} tabIndex={0} className="relative overflow-x-auto rounded-xl bg-white ring-1 ring-zinc-200 focus-visible:outline-3 focus-visible:outline-brand">
      <table className={`w-full text-left text-sm ${minWidth}`}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="border-b border-zinc-200 bg-zinc-50 text-zinc-700">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={`px-3 py-2 font-semibold ${column.align === 'right' ? 'text-right' : ''}`}>
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

/** A row of a RowTable: its header cell (what names it) and one cell per other column. */
export interface TableRow {
  key: string;
  head: ReactNode;
  cells: ReactNode[];
}

/**
 * A back-office table that is cards on a phone (issue 46): each row a card named by its header cell, with every other
 * column as a label and its value, so nothing the owner taps (PDF, XML, Pause) is off-screen; from 640 px the
 * ScrollingTable. A column with a `hidden` label (its buttons) comes under the others, unlabelled.
 */
export function RowTable({ caption, columns, minWidth, rows }: { caption: string; columns: readonly Column[]; minWidth: string; rows: readonly TableRow[] }) {
  const phone = usePhoneWidth();
  const [, ...others] = columns;
  if (phone) {
    return (
      <ul aria-label={caption} className="flex flex-col gap-2">
        {rows.map((row) => (
          <li key={row.key} className="rounded-xl bg-white p-3 ring-1 ring-zinc-200">
            <p className="font-semibold">{row.head}</p>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
              {others.map(
                (column, index) =>
                  !column.hidden && (
                    <Fragment key={column.label}>
                      <dt className="text-zinc-600">{column.label}</dt>
                      <dd className="min-w-0 break-words">{row.cells[index]}</dd>
                    </Fragment>
                  ),
              )}
            </dl>
            {others.map(
              (column, index) =>
                column.hidden && (
                  <div key={column.label} className="mt-2 text-sm">
                    {row.cells[index]}
                  </div>
                ),
            )}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ScrollingTable caption={caption} columns={columns} minWidth={minWidth}>
      {rows.map((row) => (
        <tr key={row.key} className="border-b border-zinc-100 align-top last:border-0">
          <th scope="row" className={`px-3 py-2 text-left ${columns[0]?.cellClass ?? ''}`}>
            {row.head}
          </th>
          {others.map((column, index) => (
            <td key={column.label} className={`px-3 py-2 ${column.align === 'right' ? 'text-right' : ''} ${column.cellClass ?? ''}`}>
              {row.cells[index]}
            </td>
          ))}
        </tr>
      ))}
    </ScrollingTable>
  );
}
