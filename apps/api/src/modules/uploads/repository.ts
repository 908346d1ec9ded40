import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { uploads } from '../../db/schema';
import { ticketUsesImage } from '../tickets';

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

/** No ticket lists this upload among its images. */
const unattached = sql`NOT ${ticketUsesImage(sql`'/api/uploads/' || ${uploads.folder} || '/' || ${uploads.name}`)}`;

/** Uploads older than `before` that no ticket uses: never attached, or left by a failed upload. */
export async function findUnattachedUploads(db: Db, before: Date, limit: number) {
  return db
    .select({ id: uploads.id, folder: uploads.folder, name: uploads.name })
    .from(uploads)
    .where(and(lt(uploads.createdAt, before), unattached))
    .orderBy(uploads.createdAt)
    .limit(limit);
}

/** The uploads named `names` in `folder` that no ticket uses (those of a ticket just deleted). */
export async function findUnattachedUploadsNamed(db: Db, folder: string, names: string[]) {
  if (names.length === 0) return [];
  return db
    .select({ id: uploads.id, folder: uploads.folder, name: uploads.name })
    .from(uploads)
    .where(and(eq(uploads.folder, folder), inArray(uploads.name, names), unattached));
}

/** Deletes the rows among `ids` that are still unattached (a ticket may have taken one meanwhile). */
export async function deleteUnattachedUploads(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(uploads)
    .where(and(inArray(uploads.id, ids), unattached))
    .returning({ id: uploads.id });
  return rows.map((row) => row.id);
}
