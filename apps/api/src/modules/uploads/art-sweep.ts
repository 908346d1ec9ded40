import type { Db, Logger } from '../../lib/deps';
import { periodicSweep } from '../../lib/repeat';
import { publicArtFolders, STORED_NAME, uploadUrl } from './service';
import type { ImageStorage } from './storage';

export interface ArtSweepOptions {
  db: Db;
  storage: ImageStorage;
  log: Logger;
  /** A picture younger than this is never deleted: staff may be between its upload and their save. */
  graceHours: number;
  /**
   * What names uploaded pictures, a reader per owning module (packs' drafts and published states,
   * orders' cards, home slides, news): texts in which each picture's address appears where it is used.
   */
  references: ((db: Db) => Promise<string[]>)[];
  intervalMs?: number;
}

/** The addresses of stored public pictures that `texts` name (`/api/uploads/{folder}/{name}`). */
function namedPictures(texts: string[]): Set<string> {
  const address = new RegExp(`/api/uploads/(?:${publicArtFolders.join('|')})/[0-9a-f-]{36}\\.webp`, 'g');
  return new Set(texts.flatMap((text) => text.match(address) ?? []));
}

/**
 * The worker's sweep of public pictures staff uploaded and nobody uses (a pack's art replaced, a
 * draft abandoned): a picture of the packs, home or news folder older than the grace period that no
 * pack (draft or published, options included), order, home slide or article names is deleted. The
 * folders are listed first, then every reference is read: a listing or a reference that cannot be
 * read fails the run before anything is deleted (logged; the next run tries again).
 */
export function createArtSweep({ db, storage, log, graceHours, references, intervalMs = 3_600_000 }: ArtSweepOptions) {
  async function sweep(now = new Date()): Promise<number> {
    const before = now.getTime() - graceHours * 3_600_000;
    const old: { folder: string; name: string }[] = [];
    for (const folder of publicArtFolders) {
      for (const object of await storage.list(folder)) {
        const picture = STORED_NAME.test(object.name) && object.name.endsWith('.webp');
        if (picture && object.modifiedAt.getTime() < before) old.push({ folder, name: object.name });
      }
    }
    if (old.length === 0) return 0;
    const used = namedPictures((await Promise.all(references.map((read) => read(db)))).flat());
    let removed = 0;
    for (const { folder, name } of old) {
      if (used.has(uploadUrl(folder, name))) continue;
      await storage.delete(folder, name);
      removed += 1;
    }
    if (removed > 0) log.info({ removed }, 'unused public pictures deleted');
    return removed;
  }

  return periodicSweep(sweep, intervalMs, log, 'unused public pictures sweep failed');
}
