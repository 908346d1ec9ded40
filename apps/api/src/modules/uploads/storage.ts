import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** An object of a folder and when it was last written. */
export interface StoredObject {
  name: string;
  modifiedAt: Date;
}

/** Where re-encoded images live. Keys are server-made (`{folder}/{uuid}.{ext}`), never a client's name. */
export interface ImageStorage {
  put(folder: string, name: string, body: Buffer, contentType: string): Promise<void>;
  get(folder: string, name: string): Promise<Buffer | null>;
  /** Removes an object; one that is already gone is not an error. */
  delete(folder: string, name: string): Promise<void>;
  /** Every object of `folder` (none when it was never written to); throws when the store cannot list. */
  list(folder: string): Promise<StoredObject[]>;
  /** Writes and removes a small object: throws when the store cannot take a file (/api/ready). */
  probe(): Promise<void>;
}

/** Where the readiness probe writes; no player folder. */
export const PROBE_FOLDER = 'ready-probe';

const SAFE_SEGMENT = /^[a-z0-9][a-z0-9.-]{0,63}$/;

export function assertSafe(segment: string) {
  if (!SAFE_SEGMENT.test(segment) || segment.includes('..')) throw new Error(`unsafe storage key: ${segment}`);
}

/** A folder on the local disk (the default; with several API hosts, a shared volume or s3Storage). */
export function localStorage(root: string): ImageStorage {
  const base = resolve(root);
  const put = async (folder: string, name: string, body: Buffer) => {
    assertSafe(folder);
    assertSafe(name);
    await mkdir(join(base, folder), { recursive: true });
    // Written beside and renamed, so a reader never sees half a file.
    const temporary = join(base, folder, `.${name}.part`);
    try {
      await writeFile(temporary, body, { flag: 'wx' });
      await rename(temporary, join(base, folder, name));
    } catch (error) {
      // A full disk leaves half a file behind: it goes with the failed write.
      await rm(temporary, { force: true }).catch(() => undefined);
      throw error;
    }
  };
  return {
    put,
    async get(folder, name) {
      assertSafe(folder);
      assertSafe(name);
      try {
        return await readFile(join(base, folder, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(folder, name) {
      assertSafe(folder);
      assertSafe(name);
      await rm(join(base, folder, name), { force: true });
    },
    async list(folder) {
      assertSafe(folder);
      let entries;
      try {
        entries = await readdir(join(base, folder), { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      // A write in progress (`.name.part`) is not an object yet; one deleted meanwhile is left out.
      const files = entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.'));
      const objects = await Promise.all(
        files.map(async (entry) => {
          try {
            return { name: entry.name, modifiedAt: (await stat(join(base, folder, entry.name))).mtime };
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
            throw error;
          }
        }),
      );
      return objects.flat();
    },
    async probe() {
      const name = `${randomUUID()}.probe`;
      await put(PROBE_FOLDER, name, Buffer.from('ready'));
      await rm(join(base, PROBE_FOLDER, name), { force: true });
    },
  };
}
