import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, Tx } from './client';

/** The rows of a raw `db.execute`: node-postgres answers `{ rows }`, PGlite too; both are normalised here. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/**
 * The Vietnam day (yyyy-MM-dd) of an instant column, for grouping figures by day. Vietnam keeps UTC+7 all
 * year, the fixed offset that `vietnamDayRange` (the daily report's day) starts a day at.
 */
export const vietnamDate = (column: SQL) =>
  sql`to_char((${column} AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY-MM-DD')`;

/**
 * A statement prepared once per database and kept: a named prepared statement is parsed once per
 * connection by node-postgres, then only bound (PGlite runs it as it is). For the queries on hot paths.
 */
export function preparedOnce<T>(prepare: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let statement = made.get(db);
    if (!statement) {
      statement = prepare(db);
      made.set(db, statement);
    }
    return statement;
  };
}

/** The first row of `table` that `where` matches, or undefined. */
export async function findOne<T extends PgTable>(
  db: Db | Tx,
  table: T,
  where: SQL | undefined,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  return row as T['$inferSelect'] | undefined;
}

/** Changes the row with this id, stamping `updatedAt`, and returns it as it is now. */
export async function updateStamped<T extends PgTable & { id: AnyPgColumn; updatedAt: AnyPgColumn }>(
  tx: Db | Tx,
  table: T,
  id: string,
  changes: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect']> {
  const [row] = await tx
    .update(table as PgTable)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning();
  return row as T['$inferSelect'];
}

/** How many rows of `table` match `where`. */
export async function countRows(db: Db | Tx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table).where(where);
  return row?.value ?? 0;
}

/** `fields` of the rows of `table` that `where` matches, newest first by `order` (each descending). */
export async function newestRows<F extends Record<string, AnyPgColumn>>(
  db: Db | Tx,
  fields: F,
  table: PgTable,
  where: SQL,
  order: AnyPgColumn[],
  limit: number,
): Promise<SelectResultFields<F>[]> {
  const rows = await db
    .select(fields as Record<string, AnyPgColumn>)
    .from(table)
    .where(where)
    .orderBy(...order.map((column) => desc(column)))
    .limit(limit);
  // drizzle cannot follow the selection through a generic `F`; the rows are these fields' values.
  return rows as SelectResultFields<F>[];
}
