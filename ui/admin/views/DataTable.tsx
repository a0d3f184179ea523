/**
 * A table from column definitions shaped as TanStack Table's (`id`, `header`, `cell` of a row), so the
 * lists move to `@tanstack/react-table` (`useReactTable` with `getCoreRowModel`, manual paging and
 * sorting: the server pages and sorts) by replacing this component alone once the package is installed.
 */
import type { ReactNode } from 'react';

export interface Column<Row> {
  readonly id: string;
  readonly header: string;
  readonly cell: (row: Row) => ReactNode;
  /** Right-aligned (amounts). */
  readonly numeric?: boolean;
}

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
}: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  caption: string;
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="admin-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={column.numeric ? 'admin-num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.id}
                  className={column.numeric ? 'admin-num' : undefined}
                  data-label={column.header}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
