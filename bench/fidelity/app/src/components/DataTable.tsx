import type { ReactNode } from "react";

export interface Column<Row> {
  key: keyof Row & string;
  header: string;
  align?: "left" | "right";
  render?: (row: Row) => ReactNode;
}

interface DataTableProps<Row extends { id: string }> {
  rows: readonly Row[];
  columns: Column<Row>[];
  /** Shown under the table; the row count when omitted. */
  caption?: string;
}

export function DataTable<Row extends { id: string }>({ rows, columns, caption }: DataTableProps<Row>) {
  return (
    <div className="overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <thead className="bg-gray-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className="px-4 py-2 font-medium text-gray-500"
                style={{ textAlign: column.align ?? "left" }}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => (
            <tr key={row.id} className="hover:bg-gray-50">
              {columns.map((column) => (
                <td key={column.key} className="px-4 py-2" style={{ textAlign: column.align ?? "left" }}>
                  {column.render ? column.render(row) : String(row[column.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="border-t border-gray-100 px-4 py-2 text-xs text-gray-500" style={{ fontVariantNumeric: "tabular-nums" }}>
        {caption ?? `${rows.length} rows`}
      </p>
    </div>
  );
}
