import type { ReactNode } from 'react';

/** The header row of a console table: one uppercase cell per column title. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead className="bg-ink/5 text-xs uppercase">
      <tr>
        {columns.map((column) => (
          <th key={column} className="px-3 py-2">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export interface Column<Row> {
  title: string;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's cells (`whitespace-nowrap`, a text size). */
  className?: string;
  /** A fixed width (a Tailwind `w-*` class): the table is laid out fixed when any column has one. */
  width?: string;
}

/**
 * A console list: a table from `md` up, one card per row below it (a phone). The card is the row
 * said again for a narrow screen, so both show the same facts.
 */
export function ResponsiveTable<Row extends { id: string }>({
  rows,
  columns,
  card,
  cardClassName = 'rounded-2xl bg-white p-4 ring-1 ring-ink/10',
  rowTestId,
}: {
  rows: Row[];
  columns: Column<Row>[];
  card: (row: Row) => ReactNode;
  cardClassName?: string;
  rowTestId?: string;
}) {
  const fixed = columns.some((column) => column.width);
  return (
    <>
      <div className="mt-4 hidden overflow-x-auto rounded-2xl bg-white ring-1 ring-ink/10 md:block">
        <table className={`w-full text-left text-sm ${fixed ? 'table-fixed' : ''}`}>
          {fixed && (
            <colgroup>
              {columns.map((column) => (
                <col key={column.title} className={column.width} />
              ))}
            </colgroup>
          )}
          <TableHead columns={columns.map((column) => column.title)} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-ink/5 align-top hover:bg-royal/5" data-testid={rowTestId}>
                {columns.map((column) => (
                  <td key={column.title} className={`px-3 py-2 ${column.className ?? ''}`}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mt-4 space-y-2 md:hidden">
        {rows.map((row) => (
          <li key={row.id} className={cardClassName} data-testid={rowTestId}>
            {card(row)}
          </li>
        ))}
      </ul>
    </>
  );
}
