import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

/**
 * A plain, captioned table that scrolls sideways on a phone instead of squeezing its columns.
 * Without rows it says so in words (`empty`, with an optional hint) instead of an empty grid.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  emptyHint,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: string;
  emptyHint?: string;
}) {
  if (rows.length === 0)
    return (
      <section
        aria-label={caption}
        className="rounded-xl border border-dashed border-line px-4 py-10 text-center"
      >
        <p role="status" className="flex flex-col gap-1">
          <span className="font-medium">{empty}</span>
          {emptyHint ? <span className="text-sm text-muted">{emptyHint}</span> : null}
        </p>
      </section>
    );
  return (
    // A table wider than a phone scrolls sideways; keyboard users must reach it to scroll.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable (WCAG 2.1.1).
    <section className="overflow-x-auto rounded-xl border border-line" tabIndex={0} aria-label={caption}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className="px-3 py-2 font-medium">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-line">
              {columns.map((column) => (
                <td key={column.header} className={column.className ?? 'px-3 py-2 align-top'}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Previous and next pages, with where the reader stands; nothing without rows (the table says so). */
export function Pager({
  total,
  limit,
  offset,
  onOffset,
}: {
  total: number;
  limit: number;
  offset: number;
  onOffset: (offset: number) => void;
}) {
  if (total === 0) return null;
  const last = Math.min(offset + limit, total);
  return (
    <nav aria-label="Pages" className="mt-3 flex items-center justify-between gap-3 text-sm text-muted">
      <span aria-live="polite">{`${offset + 1}–${last} of ${total}`}</span>
      <span className="flex gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - limit))}
        >
          Previous
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={last >= total}
          onClick={() => onOffset(offset + limit)}
        >
          Next
        </Button>
      </span>
    </nav>
  );
}

export const formatDate = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
