import type { ServerResponse } from 'node:http';
import type { OrderStreamEvent } from '@carabala/contracts';
import type { Logger } from './deps';
import type { SharedRedis } from './shared-redis';

/** The Redis channel every API process listens to; a message is the id of an order whose money changed. */
const CHANNEL = 'order-events';
/** A comment line this often keeps proxies and the browser from taking a quiet stream as dead. */
const HEARTBEAT_MS = 20_000;
/** What the browser waits before it reconnects a dropped stream (the `retry:` field). */
const RETRY_MS = 3_000;

/**
 * The live order streams of this process (GET /api/transactions/bank/{id}/events, decision record 032)
 * and the news that an order's money changed. `publish` goes through Redis, so the stream may be held
 * by any API process, and the bank-feed pull may run in the worker process; without Redis (or while it
 * is away) the news reaches this process's own streams only and the web falls back to polling.
 */
export interface OrderEvents {
  /** Tells every open stream of this order, in every process, to read the order again. */
  publish(orderId: string): Promise<void>;
  /**
   * Starts the server-sent events answer on `response` and keeps it until the client goes. False,
   * with nothing written, when this process already holds its maximum or is shutting down.
   */
  open(orderId: string, response: ServerResponse): boolean;
  /** How many streams this process holds. */
  readonly size: number;
  /** Subscribes to the channel once (resolves at once without Redis). */
  start(): Promise<void>;
  /** Ends every stream and refuses new ones: the drain on SIGTERM must not wait for them. */
  closeAll(): void;
}

const frame = (event: OrderStreamEvent) => `data: ${JSON.stringify(event)}\n\n`;

export function createOrderEvents({
  redis,
  log,
  maxStreams,
  heartbeatMs = HEARTBEAT_MS,
}: {
  redis: SharedRedis | null;
  log: Logger;
  maxStreams: number;
  heartbeatMs?: number;
}): OrderEvents {
  const streams = new Map<string, Set<ServerResponse>>();
  let size = 0;
  let closed = false;
  let heartbeat: NodeJS.Timeout | null = null;

  const each = (run: (response: ServerResponse, orderId: string) => void) => {
    for (const [orderId, set] of streams) for (const response of set) run(response, orderId);
  };
  const deliver = (orderId: string) => {
    for (const response of streams.get(orderId) ?? []) response.write(frame({ type: 'changed', id: orderId }));
  };
  const remove = (orderId: string, response: ServerResponse) => {
    const set = streams.get(orderId);
    if (!set?.delete(response)) return;
    size -= 1;
    if (set.size === 0) streams.delete(orderId);
    if (size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  };

  return {
    get size() {
      return size;
    },

    async publish(orderId) {
      if (!redis) return deliver(orderId);
      await redis.attempt(
        async (client) => {
          await client.publish(CHANNEL, orderId);
        },
        () => deliver(orderId),
      );
    },

    open(orderId, response) {
      if (closed || size >= maxStreams) return false;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        // no-transform: a compressing hop (Next's, on `npm start`) would hold the events back.
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        // nginx passes the stream on as it comes (deploy/nginx.conf also turns buffering off there).
        'x-accel-buffering': 'no',
      });
      response.write(`retry: ${RETRY_MS}\n${frame({ type: 'ready', id: orderId })}`);
      let set = streams.get(orderId);
      if (!set) streams.set(orderId, (set = new Set()));
      set.add(response);
      size += 1;
      heartbeat ??= setInterval(() => each((stream) => stream.write(': ping\n\n')), heartbeatMs);
      heartbeat.unref();
      response.on('close', () => remove(orderId, response));
      return true;
    },

    async start() {
      // After a break in Redis the news of the break is lost: every stream reads its order again.
      await redis?.subscribe(CHANNEL, deliver, () => each((_response, orderId) => deliver(orderId)));
    },

    closeAll() {
      closed = true;
      const open = [...streams.entries()];
      for (const [orderId, set] of open) {
        for (const response of set) {
          remove(orderId, response);
          response.end();
        }
      }
      if (open.length > 0) log.info({ streams: open.length }, 'order streams closed');
    },
  };
}
