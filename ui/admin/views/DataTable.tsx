/**
 * The back office's list tables on TanStack Table (v9 `useTable`, core features only: the server pages,
 * sorts and filters, so the table holds one page of rows as given). Lists describe their columns as
 * `Column`s (`id`, `header`, `cell` of a row); the markup is ours: a caption, scoped headers, and a
 * `data-label` on each cell for the phone layout (admin.css).
 */
import { createColumnHelper, type RowData, tableFeatures, useTable } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';

export interface Column<Row> {
  readonly id: string;
  readonly header: string;
  readonly cell: (row: Row) => ReactNode;
  /** Right-aligned (amounts). */
  readonly numeric?: boolean;
}

const features = tableFeatures({});

export function DataTable<Row extends RowData>({
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
  const defs = useMemo(() => {
    const helper = createColumnHelper<typeof features, Row>();
    return helper.columns(
      columns.map((column) =>
        helper.display({
          id: column.id,
          header: column.header,
          cell: ({ row }) => column.cell(row.original),
        }),
      ),
    );
  }, [columns]);
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const data = useMemo(() => [...rows], [rows]);
  const table = useTable({ features, columns: defs, data, getRowId: (row) => rowKey(row) });
  const numeric = (id: string) => (byId.get(id)?.numeric ? 'admin-num' : undefined);

  return (
    // A region that scrolls sideways when the table is wider than the screen: focusable, so keyboard users
    // can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable), named by the table's caption.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus
    <section className="admin-table-wrap" tabIndex={0} aria-label={caption}>
      <table className="admin-table">
        <caption className="admin-visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={numeric(header.column.id)}>
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td
                  key={cell.id}
                  className={numeric(cell.column.id)}
                  data-label={byId.get(cell.column.id)?.header}
                >
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
