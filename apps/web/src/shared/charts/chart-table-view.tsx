import { clsx } from 'clsx';
import { type ChartTable, columnLabel, formatCell, isNumericColumn } from './chart-table';

type ChartTableViewProps = {
  table: ChartTable;
  /** The table's caption (the chart's title): a screen reader names the table by it. */
  caption: string;
  /** A long table (a year of days) scrolls inside the card, its headings kept in view. */
  scroll?: boolean;
};

/** A chart's numbers as a plain HTML table: its accessible view, and the figures to the cent. */
export function ChartTableView({ table, caption, scroll = false }: ChartTableViewProps) {
  return (
    <div
      // A scrolling region must be reachable by keyboard to be scrolled without a mouse.
      tabIndex={scroll ? 0 : undefined}
      className={clsx(
        '-mx-4 overflow-x-auto sm:mx-0',
        scroll &&
          'max-h-96 overflow-y-auto rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-500',
      )}
    >
      {/* Words wrap and figures don't: a phone shows every column, scrolling only past that. */}
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={clsx('bg-white', scroll && 'sticky top-0')}>
          <tr className="border-slate-200 border-b">
            {table.columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={clsx(
                  'px-2 py-2 align-bottom font-medium text-slate-600 text-xs first:pl-4 last:pr-4 sm:px-3 sm:first:pl-0 sm:last:pr-0',
                  isNumericColumn(column) ? 'text-right' : 'text-left',
                )}
              >
                {columnLabel(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are shown in a fixed order, never moved
            <tr key={index}>
              {table.columns.map((column, columnIndex) => {
                const Cell = columnIndex === 0 ? 'th' : 'td';
                return (
                  <Cell
                    key={column.key}
                    scope={columnIndex === 0 ? 'row' : undefined}
                    className={clsx(
                      'px-2 py-2 first:pl-4 last:pr-4 sm:px-3 sm:first:pl-0 sm:last:pr-0',
                      columnIndex === 0 ? 'font-medium text-slate-800' : 'text-slate-700',
                      isNumericColumn(column) ? 'text-right tabular-nums' : 'text-left',
                      (isNumericColumn(column) || column.kind === 'day') && 'whitespace-nowrap',
                    )}
                  >
                    {formatCell(column, row[column.key])}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
