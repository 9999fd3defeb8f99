import { type ReactNode, useId } from 'react';

export interface Column {
  /** The header's text; `hidden` keeps it for screen readers only (a column of buttons). */
  label: string;
  hidden?: boolean;
  align?: 'left' | 'right';
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
