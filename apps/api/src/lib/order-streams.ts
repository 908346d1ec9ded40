import type { ServerResponse } from 'node:http';
import type { OrderStreamEvent } from '@carabala/contracts';
import type { Logger } from './deps';
import type { EventBus } from './events';
/** A comment line this often keeps proxies and the browser from taking a quiet stream as dead. */
const HEARTBEAT_MS = 20_000;
/** What the browser waits before it reconnects a dropped stream (the `retry:` field). */
const RETRY_MS = 3_000;

/**
 * The live order streams of this process (GET /api/transactions/bank/{id}/events, decision record 032):
 * each is told to read its order again on the domain events `order.changed` (money, a state) and
 * `mail.delivered` (its pack's mail), from whichever process published them (decision record 051). While
 * Redis is away those of other processes are lost and the web falls back to polling.
 */
export interface OrderStreams {
  /**
   * Whether a stream of this order for this client address would be taken: below this process's
   * maximum, the address's and the order's, and not shutting down.
   */
  admits(orderId: string, address: string): boolean;
  /**
   * Starts the server-sent events answer on `response` and keeps it until the client goes. False,
   * with nothing written, when `admits` says no.
   */
  open(orderId: string, address: string, response: ServerResponse): boolean;
  /** How many streams this process holds. */
  readonly size: number;
  /** Ends every stream and refuses new ones: the drain on SIGTERM must not wait for them. */
  closeAll(): void;
}

const frame = (event: OrderStreamEvent) => `data: ${JSON.stringify(event)}\n\n`;

/** How many streams one process holds at most: in all, per client address and per order. */
export interface StreamLimits {
  total: number;
  perAddress: number;
  perOrder: number;
}

export function createOrderStreams({
  events,
  log,
  limits,
  heartbeatMs = HEARTBEAT_MS,
}: {
  events: Pick<EventBus, 'on' | 'onGap'>;
  log: Logger;
  limits: StreamLimits;
  heartbeatMs?: number;
}): OrderStreams {
  /** Each order's open streams, with the client address of each. */
  const streams = new Map<string, Map<ServerResponse, string>>();
  // One client cannot take every stream of the process (the others' panels would all fall back to polling).
  const perAddress = new Map<string, number>();
  let size = 0;
  let closed = false;
  let heartbeat: NodeJS.Timeout | null = null;

  const each = (run: (response: ServerResponse, orderId: string) => void) => {
    for (const [orderId, open] of streams) for (const response of open.keys()) run(response, orderId);
  };
  const deliver = (orderId: string) => {
    for (const response of streams.get(orderId)?.keys() ?? []) response.write(frame({ type: 'changed', id: orderId }));
  };
  const admits = (orderId: string, address: string) =>
    !closed &&
    size < limits.total &&
    (perAddress.get(address) ?? 0) < limits.perAddress &&
    (streams.get(orderId)?.size ?? 0) < limits.perOrder;
  const remove = (orderId: string, response: ServerResponse) => {
    const open = streams.get(orderId);
    const address = open?.get(response);
    if (!open || address === undefined) return;
    open.delete(response);
    size -= 1;
    if (open.size === 0) streams.delete(orderId);
    const left = (perAddress.get(address) ?? 1) - 1;
    if (left > 0) perAddress.set(address, left);
    else perAddress.delete(address);
    if (size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  };

  events.on('order.changed', ({ orderId }) => deliver(orderId));
  events.on('mail.delivered', ({ mails }) => {
    for (const mail of mails) if (mail.source === 'order') deliver(mail.sourceId);
  });
  // After a break in Redis the events of the break are lost: every stream reads its order again.
  events.onGap(() => each((_response, orderId) => deliver(orderId)));

  return {
    get size() {
      return size;
    },

    admits,

    open(orderId, address, response) {
      if (!admits(orderId, address)) return false;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        // no-transform: a compressing hop (Next's, on `npm start`) would hold the events back.
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        // nginx passes the stream on as it comes (deploy/nginx.conf also turns buffering off there).
        'x-accel-buffering': 'no',
      });
      response.write(`retry: ${RETRY_MS}\n${frame({ type: 'ready', id: orderId })}`);
      let open = streams.get(orderId);
      if (!open) streams.set(orderId, (open = new Map()));
      open.set(response, address);
      size += 1;
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      heartbeat ??= setInterval(() => each((stream) => stream.write(': ping\n\n')), heartbeatMs);
      heartbeat.unref();
      response.on('close', () => remove(orderId, response));
      return true;
    },

    closeAll() {
      closed = true;
      const open = [...streams.entries()];
      for (const [orderId, responses] of open) {
        for (const response of [...responses.keys()]) {
          remove(orderId, response);
          response.end();
        }
      }
      if (open.length > 0) log.info({ streams: open.length }, 'order streams closed');
    },
  };
}
