import { periodicSweep } from '../../lib/repeat';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { deleteUnattachedUploads, findUnattachedUploads } from './repository';
import type { ImageStorage } from './storage';

export interface UploadCleanupOptions {
  db: Db;
  storage: ImageStorage;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Uploads older than this that no ticket uses are deleted. */
  maxAgeHours: number;
  intervalMs?: number;
}

const BATCH = 200;

/**
 * The worker's sweep of ticket images nobody attached within a day (the player gave up, or an upload
 * failed half-way): rows are deleted only while still unattached, then their objects, locally or on S3.
 */
export function createUploadCleanup({ db, storage, log, maxAgeHours, intervalMs = 3_600_000 }: UploadCleanupOptions) {
  async function sweep(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - maxAgeHours * 3_600_000);
    let removed = 0;
    for (;;) {
      const stale = await findUnattachedUploads(db, before, BATCH);
      if (stale.length === 0) break;
      const deleted = new Set(
        await deleteUnattachedUploads(
          db,
          stale.map((upload) => upload.id),
        ),
      );
      for (const upload of stale) {
        if (deleted.has(upload.id)) await storage.delete(upload.folder, upload.name);
      }
      removed += deleted.size;
      if (stale.length < BATCH || deleted.size === 0) break;
    }
    if (removed > 0) log.info({ removed }, 'unattached ticket images deleted');
    return removed;
  }

  return periodicSweep(sweep, intervalMs, log, 'ticket image cleanup failed');
}
