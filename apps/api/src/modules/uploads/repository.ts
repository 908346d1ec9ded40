import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { uploads } from '../../db/schema';

export type NewUpload = typeof uploads.$inferInsert;

export async function insertUploads(db: Db | Tx, rows: NewUpload[]): Promise<void> {
  if (rows.length > 0) await db.insert(uploads).values(rows);
}

/** The names among `names` that `ownerId` uploaded into `folder`. */
export async function findOwnedUploadNames(
  db: Db | Tx,
  ownerId: string,
  folder: string,
  names: string[],
): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .select({ name: uploads.name })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), eq(uploads.folder, folder), inArray(uploads.name, names)));
  return rows.map((row) => row.name);
}

export async function findUpload(db: Db, folder: string, name: string) {
  const [row] = await db
    .select({ contentType: uploads.contentType })
    .from(uploads)
    .where(and(eq(uploads.folder, folder), eq(uploads.name, name)))
    .limit(1);
  return row;
}
