import type { Db, Logger } from '../../lib/deps';
import { nextAfter } from '../../lib/visibility-window';
import { boundariesOf } from './content';
import { advanceHandledUntil, findPublishedPacks, readHandledUntil } from './repository';

/** A timer fires this late after a boundary, so that the store's answer has already turned. */
const AFTER_BOUNDARY_MS = 20;

export interface CatalogueScheduleOptions {
  db: Db;
  log: Logger;
  /** Tells every web process to rebuild its pages; true when every one took the call. */
  notifyWeb: () => Promise<boolean>;
  /** The longest sleep between two looks at the catalogue (a pack published by another process). */
  pollMs: number;
  /**
   * The other published boundaries the same pages follow (the home page's slide windows, scheduled
   * news), each source reading its own module's tables.
   */
  sources?: ((db: Db) => Promise<number[]>)[];
}

/**
 * The worker that keeps the store's and the home page's pages on time (decision records 034, 035): at
 * every published boundary (a pack's window or sale, a home slide's window, a scheduled article) it
 * tells the web to rebuild, with no staff action. It sleeps until the next boundary (at most `pollMs`). The last moment handled is kept in the
 * database and moved only after every web process took the call, so a worker killed in the middle
 * (SIGKILL, a deploy) leaves the boundary for the next run, which catches up; two workers at once
 * only tell the web twice.
 */
export function createCatalogueSchedule({ db, log, notifyWeb, pollMs, sources = [] }: CatalogueScheduleOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number | null> | undefined;
  let started = false;
  let again = false;

  /** Handles the boundaries passed since the mark; the next boundary to come, or null. */
  async function runOnce(): Promise<number | null> {
    const handledUntil = await readHandledUntil(db);
    const now = Date.now();
    const moments = [
      ...(await findPublishedPacks(db)).flatMap((row) => boundariesOf(row.content)),
      ...(await Promise.all(sources.map((source) => source(db)))).flat(),
    ];
    const due = moments.filter((moment) => moment > handledUntil.getTime() && moment <= now);
    if (due.length > 0) {
      if (await notifyWeb()) {
        await advanceHandledUntil(db, new Date(now));
        log.info(
          { boundaries: due.length, at: new Date(Math.max(...due)).toISOString() },
          'pages revalidated on schedule',
        );
      } else {
        log.warn({ boundaries: due.length }, 'scheduled store revalidation not taken by every web process; retrying');
      }
    }
    return nextAfter(moments, now);
  }

  function plan(next: number | null) {
    if (!started) return;
    const delay = next === null ? pollMs : Math.min(pollMs, Math.max(0, next - Date.now() + AFTER_BOUNDARY_MS));
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
  }

  function tick() {
    if (running) return;
    running = runOnce().catch((error: unknown) => {
      log.warn({ err: error }, 'catalogue schedule run failed');
      return null;
    });
    void running.then((next) => {
      running = undefined;
      if (again) {
        again = false;
        tick();
      } else plan(next);
    });
  }

  return {
    runOnce,
    start() {
      if (started) return;
      started = true;
      tick();
    },
    /** Looks again at once: a publication in this process may have brought a nearer boundary. */
    nudge() {
      if (!started) return;
      if (running) again = true;
      else tick();
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await running;
    },
  };
}

export type CatalogueSchedule = ReturnType<typeof createCatalogueSchedule>;
