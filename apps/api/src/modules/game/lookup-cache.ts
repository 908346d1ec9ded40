import { BoundedMap, textBytes } from '../../lib/bounded-map';
import type { SharedRedis } from '../../lib/shared-redis';
import type { GameReceiver } from './characters';

/** What a look-up of the game found, as kept: the receiver (with the shadow's local id) and the ban. */
export interface CachedLookup {
  receiver: GameReceiver;
  banned: boolean;
}

interface Entry {
  at: number;
  value: CachedLookup;
}

const MEMORY_ENTRIES = 20_000;
const MEMORY_BYTES = 16 * 1024 * 1024;

/**
 * The look-ups of the last minutes (connected mode only). A fresh entry (younger than `freshSeconds`)
 * answers without asking the game; an older one is kept up to `keepSeconds` and answers only while the
 * game does not. Shared by every API process through Redis when REDIS_URL is set, in this process's
 * memory otherwise and while Redis is away (decision record 025).
 */
export interface LookupCache {
  read(key: string): Promise<{ value: CachedLookup; fresh: boolean } | undefined>;
  write(keys: string[], value: CachedLookup): Promise<void>;
}

export function createLookupCache({
  redis,
  freshSeconds,
  keepSeconds,
}: {
  redis: SharedRedis | null;
  freshSeconds: number;
  keepSeconds: number;
}): LookupCache {
  const local = new BoundedMap<Entry>(MEMORY_ENTRIES, MEMORY_BYTES, (key, entry) =>
    textBytes(key, JSON.stringify(entry)),
  );
  const readLocal = (key: string) => {
    const entry = local.get(key);
    if (entry && Date.now() - entry.at > keepSeconds * 1000) {
      local.delete(key);
      return undefined;
    }
    return entry;
  };
  const prefixed = (key: string) => `game:lookup:${key}`;

  return {
    async read(key) {
      const entry = redis
        ? await redis.attempt(
            async (client) => {
              const text = await client.get(prefixed(key));
              return text ? (JSON.parse(text) as Entry) : readLocal(key);
            },
            () => readLocal(key),
          )
        : readLocal(key);
      if (!entry) return undefined;
      return { value: entry.value, fresh: Date.now() - entry.at < freshSeconds * 1000 };
    },
    async write(keys, value) {
      if (keepSeconds <= 0) return;
      const entry: Entry = { at: Date.now(), value };
      for (const key of keys) local.set(key, entry);
      if (!redis) return;
      const text = JSON.stringify(entry);
      await redis.attempt(
        async (client) => {
          await Promise.all(keys.map((key) => client.set(prefixed(key), text, 'EX', keepSeconds)));
        },
        () => undefined,
      );
    },
  };
}
