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
