/** The rows of a raw `db.execute`: node-postgres answers `{ rows }`, PGlite too; both are normalised here. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
