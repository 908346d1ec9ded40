import { Redis } from 'ioredis';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Logger } from './deps';

/** A command that takes longer than this is taken as Redis being away (it answers in well under 1 ms). */
const COMMAND_TIMEOUT_MS = 300;
const CONNECT_TIMEOUT_MS = 2_000;
/** Reconnection attempts back off to this, so an outage costs one attempt a second or two. */
const RECONNECT_MAX_MS = 2_000;
/** How long start-up waits for Redis before it begins in memory (a process started during an outage). */
const START_WAIT_MS = 2_000;

/** Resolves when `event` is emitted once, or after `ms`, whichever is first. */
const firstOf = (client: Redis, events: string[], ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    for (const event of events) {
      client.once(event, () => {
        clearTimeout(timer);
        resolve();
      });
    }
  });

/**
 * Redis as an accelerator, never a single point of failure (docs/decisions/025). While Redis answers,
 * counters and caches are shared by every API process; from its first failure until it is ready again,
 * each caller falls back to its process's own memory at once: commands are never queued while the
 * client reconnects (offline queue off) and a command that hangs is cut after COMMAND_TIMEOUT_MS.
 * The fall-back and the return are logged once each and exported as metrics.
 */
export interface SharedRedis {
  /** The connection; use it through `attempt`, or report a failed command with `failed`. */
  readonly client: Redis;
  /** True while Redis answers; false from the first failure until the connection is ready again. */
  readonly up: boolean;
  /** Resolves once Redis is ready, or has failed, or START_WAIT_MS have passed. */
  started(): Promise<void>;
  /** Notes a failed command: falls back (logged once) and reconnects when the connection looks alive. */
  failed(error: unknown): void;
  /** `shared` on Redis while it is up; `local` when it is not, or when `shared` fails. */
  attempt<T>(shared: (client: Redis) => Promise<T>, local: () => T | Promise<T>): Promise<T>;
  /**
   * Listens to a channel on a connection of its own, which subscribes again after every reconnection.
   * `onGap` runs when it, or the command connection, is ready again after a break, since the messages
   * of the break are lost (or were never published).
   * Resolves once subscribed, or when Redis is away (it subscribes when it returns).
   */
  subscribe(channel: string, onMessage: (message: string) => void, onGap: () => void): Promise<Subscription>;
  /** Adds the redis_available gauge and the redis_fallbacks_total counter to a registry. */
  registerMetrics(registry: Registry): void;
  close(): void;
}

/** A subscriber connection: `add` listens to one more channel on it, with the same handlers. */
export interface Subscription {
  add(channel: string): Promise<void>;
}

export function createSharedRedis(url: string, log: Logger): SharedRedis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    // Commands issued in one turn of the event loop (the hits of every request that arrived together)
    // leave in one write and come back in one read: under load a socket write per command cost more
    // of the API's CPU than the requests' own work (docs/decisions/019, issue 28).
    enableAutoPipelining: true,
    // A command cut by a lost connection fails at once, and is not sent again after the reconnection.
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 200, RECONNECT_MAX_MS),
  });
  const subscribers: Redis[] = [];
  let up = false;
  // 'starting' until the first ready or failure, so that a process started without Redis says so once.
  let state: 'starting' | 'up' | 'down' | 'closed' = 'starting';
  const available = new Gauge({
    name: 'redis_available',
    help: 'Whether Redis answers (1: counters and caches shared by every API process; 0: this process memory)',
    registers: [],
    collect() {
      this.set(up ? 1 : 0);
    },
  });
  const fallbacks = new Counter({
    name: 'redis_fallbacks_total',
    help: 'Times this process fell back to its own memory because Redis stopped answering',
    registers: [],
  });

  const fallBack = (error: unknown) => {
    up = false;
    if (state === 'down' || state === 'closed') return;
    state = 'down';
    fallbacks.inc();
    log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'redis unreachable: rate limits, throttles and caches use this process memory until it returns',
    );
  };
  // What each subscriber does after a break: run too when commands come back after failing (a hang
  // that never cut the subscriber's connection still kept this process from publishing).
  const gapHandlers: (() => void)[] = [];
  client.on('ready', () => {
    if (state === 'closed') return;
    const wasDown = state === 'down';
    state = 'up';
    up = true;
    if (!wasDown) return;
    log.info('redis reachable again: shared rate limits, throttles and caches in use');
    for (const onGap of gapHandlers) onGap();
  });
  // Every 'error' is handled here (ioredis would print "Unhandled error event" per reconnection attempt).
  client.on('error', fallBack);
  client.on('close', () => fallBack(new Error('connection closed')));

  const starting = firstOf(client, ['ready', 'error'], START_WAIT_MS);

  const failed = (error: unknown) => {
    fallBack(error);
    // A command that timed out on a connection that still looks open: start a fresh one.
    if (client.status === 'ready') client.disconnect(true);
  };

  return {
    client,
    get up() {
      return up;
    },
    started: () => starting,
    failed,
    async attempt(shared, local) {
      if (!up) return local();
      try {
        return await shared(client);
      } catch (error) {
        failed(error);
        return local();
      }
    },
    async subscribe(channel, onMessage, onGap) {
      // This connection waits for Redis (it only ever holds its SUBSCRIBE), unlike the command one.
      const subscriber = client.duplicate({
        enableOfflineQueue: true,
        enableAutoPipelining: false,
        maxRetriesPerRequest: null,
        commandTimeout: undefined,
      });
      subscribers.push(subscriber);
      gapHandlers.push(onGap);
      let broken = false;
      let readyBefore = false;
      subscriber.on('error', () => {
        broken = true;
      });
      subscriber.on('close', () => {
        broken = true;
      });
      subscriber.on('ready', () => {
        if (readyBefore || broken) onGap();
        readyBefore = true;
        broken = false;
      });
      subscriber.on('message', (_channel: string, message: string) => onMessage(message));
      /** Resolves once subscribed, or when Redis is away (it subscribes when it returns). */
      const listen = async (name: string) => {
        const subscribed = subscriber.subscribe(name).then(
          () => undefined,
          () => undefined,
        );
        await Promise.race([subscribed, firstOf(subscriber, ['error'], START_WAIT_MS)]);
      };
      await listen(channel);
      return { add: listen };
    },
    registerMetrics(registry) {
      registry.registerMetric(available);
      registry.registerMetric(fallbacks);
    },
    close() {
      state = 'closed';
      up = false;
      for (const subscriber of subscribers) subscriber.disconnect();
      client.disconnect();
    },
  };
}
