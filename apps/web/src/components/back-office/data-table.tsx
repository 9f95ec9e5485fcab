import type { ReactNode } from 'react';

export interface DataColumn<Row> {
  /** Unique among the table's columns. */
  key: string;
  header: ReactNode;
  /** Money and counts: right-aligned, tabular figures. */
  numeric?: boolean;
  /** Extra classes for this column's cells (not its header). */
  className?: string;
  cell: (row: Row) => ReactNode;
}

/** The table's classes, for a table whose rows group (`rowgroup`) and so cannot be a `DataTable`. */
export const dataTableClass = 'min-w-full divide-y divide-gray-200 text-sm';
export const cellClass = 'px-2 py-2 text-left align-top';
export const numericClass = 'px-2 py-2 text-right align-top tabular-nums';
const rowHeaderWeights = { medium: 'font-medium', normal: 'font-normal' } as const;

/**
 * A plain data table of the back-office screens: a caption for screen readers, column headers, and the first column
 * as each row's header (`th scope="row"`), so a screen reader names a row by it. Scrolls sideways on narrow screens.
 * Outside `components/ui/`, whose modules join the shell chunk every public page loads (the JS budget, decision 125).
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowHeaderWeight = 'medium',
}: {
  caption: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowHeaderWeight?: keyof typeof rowHeaderWeights;
}) {
  const classOf = (column: DataColumn<Row>) =>
    `${column.numeric ? numericClass : cellClass}${column.className ? ` ${column.className}` : ''}`;
  return (
    <div className="overflow-x-auto">
      <table className={dataTableClass}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? numericClass : cellClass}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th
                    key={column.key}
                    scope="row"
                    className={`${classOf(column)} ${rowHeaderWeights[rowHeaderWeight]}`}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={classOf(column)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
