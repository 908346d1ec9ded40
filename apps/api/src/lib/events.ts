import { randomUUID } from 'node:crypto';
import { publicContents, type PublicContent } from '@carabala/contracts';
import { z } from 'zod';
import type { Logger } from './deps';
import type { SharedRedis, Subscription } from './shared-redis';

/**
 * The Redis channel of each event; a message is one event (JSON). A process listens only to the events it
 * has subscribers for, so that a claim's `mail.queued` wakes the worker and not every API process
 * (decision record 062).
 */
const channelOf = (name: EventName) => `domain-events:${name}`;

/** The kinds of public content a publication changes: each has its cached answers and pages. */
export type ContentKind = PublicContent;

/**
 * The domain events and what each carries, checked again when it comes from another process (a
 * rolling restart may run two versions side by side). Each is published after its transaction commits.
 */
const eventSchemas = {
  /** Money was recorded on an order, or its state changed: its open transfer panels read it again. */
  'order.changed': z.object({ orderId: z.string() }),
  /** Mail was written to the outbox (a payment, a grant, a claim, a retry): the worker takes a batch now. */
  'mail.queued': z.object({}),
  /** An e-mail was written to the outbox (a receipt, a notice, a sign-up): the e-mail worker sends now. */
  'email.queued': z.object({}),
  /** The game took these mails: what earned them (an order's panel) shows them delivered. */
  'mail.delivered': z.object({
    mails: z.array(z.object({ id: z.string(), source: z.string(), sourceId: z.string() })),
  }),
  /** Published content changed (a publication, a hide or show, a move): its cached answers and pages go. */
  'content.published': z.object({ kind: z.enum(publicContents) }),
};

export type DomainEvents = { [K in keyof typeof eventSchemas]: z.infer<(typeof eventSchemas)[K]> };
export type EventName = keyof DomainEvents;
export type EventHandler<K extends EventName> = (payload: DomainEvents[K]) => void | Promise<void>;
/** The events that only tell a worker to read its queue now: they carry nothing, so many are one. */
export type NudgeName = 'mail.queued' | 'email.queued';

/**
 * How long a nudge waits for the next ones before it goes (decision 066): a burst of claims and payments
 * sends one message per process, not one each, and the worker gathers its batch after it as before.
 */
export const NUDGE_MS = 20;

const messageSchema = z.object({
  from: z.string(),
  name: z.enum(Object.keys(eventSchemas) as [EventName]),
  payload: z.unknown(),
});

/**
 * The site's domain events (docs/decisions/051): a reaction is one subscriber, wherever the event was
 * published. `publish` runs this process's subscribers and, through Redis, every other process's; without
 * Redis (the embedded demo, one process) or while it is away, this process's only.
 */
export interface EventBus {
  /**
   * Tells every subscriber, here and in every other process. Resolves once this process's subscribers
   * have run (a failing one is logged, never thrown: the change it follows is committed).
   */
  publish<K extends EventName>(name: K, payload: DomainEvents[K]): Promise<void>;
  /**
   * Tells a worker its queue has new rows: once, NUDGE_MS later, for every nudge of `name` made
   * meanwhile, so the message always leaves after the commits it follows. Nothing to wait for.
   */
  nudge(name: NudgeName): void;
  /** Runs `handler` for every event `name`, from any process; returns the unsubscription. */
  on<K extends EventName>(name: K, handler: EventHandler<K>): () => void;
  /** Runs `handler` after a break in Redis, since the events of other processes during it were lost. */
  onGap(handler: () => void): () => void;
  /**
   * Listens on Redis to the events this process has subscribers for, and from then on to each event it
   * gets its first subscriber for; resolves once those are listened to (at once without Redis).
   */
  start(): Promise<void>;
}

/** What a module that publishes needs of the bus. */
export type EventPublisher = Pick<EventBus, 'publish' | 'nudge'>;

export function createEventBus({ redis, log }: { redis: SharedRedis | null; log: Logger }): EventBus {
  /** Tells this process's own messages, which come back from Redis, from the others'. */
  const self = randomUUID();
  const handlers = new Map<EventName, Set<EventHandler<EventName>>>();
  const gapHandlers = new Set<() => void>();
  let subscription: Promise<Subscription> | undefined;
  /** The events listened to on Redis, each with its subscription. */
  const listened = new Map<EventName, Promise<void>>();
  const listen = (name: EventName) => {
    if (!subscription) return Promise.resolve();
    let done = listened.get(name);
    if (!done) {
      done = subscription.then((open) => open.add(channelOf(name)));
      listened.set(name, done);
    }
    return done;
  };

  async function dispatch(name: EventName, payload: unknown) {
    const each = [...(handlers.get(name) ?? [])];
    const ran = await Promise.allSettled(each.map(async (handler) => handler(payload as DomainEvents[EventName])));
    for (const result of ran) {
      if (result.status === 'rejected') log.warn({ err: result.reason, event: name }, 'event subscriber failed');
    }
  }

  function received(message: string) {
    let parsed: z.infer<typeof messageSchema>;
    try {
      parsed = messageSchema.parse(JSON.parse(message));
    } catch {
      log.warn({ message: message.slice(0, 200) }, 'unreadable event ignored');
      return;
    }
    if (parsed.from === self) return;
    const payload = eventSchemas[parsed.name].safeParse(parsed.payload);
    if (!payload.success) {
      log.warn({ event: parsed.name }, 'event with an unexpected payload ignored');
      return;
    }
    void dispatch(parsed.name, payload.data);
  }

  const nothing = () => undefined;
  async function publish<K extends EventName>(name: K, payload: DomainEvents[K]) {
    const message = JSON.stringify({ from: self, name, payload });
    await Promise.all([
      dispatch(name, payload),
      redis?.attempt(async (client) => void (await client.publish(channelOf(name), message)), nothing),
    ]);
  }
  /** The nudges waiting to go. */
  const nudging = new Set<NudgeName>();
  return {
    publish,

    nudge(name) {
      if (nudging.has(name)) return;
      nudging.add(name);
      setTimeout(() => {
        // Taken off first: a commit from now on makes a nudge of its own.
        nudging.delete(name);
        void publish(name, {});
      }, NUDGE_MS);
    },

    on(name, handler) {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      void listen(name);
      const added = handler as EventHandler<EventName>;
      set.add(added);
      return () => set.delete(added);
    },

    onGap(handler) {
      gapHandlers.add(handler);
      return () => gapHandlers.delete(handler);
    },

    async start() {
      if (!redis) return;
      const [first, ...rest] = [...handlers.keys()];
      // The connection is made with one channel: the first event subscribed to, or a quiet one.
      subscription ??= redis.subscribe(first ? channelOf(first) : 'domain-events:none', received, () => {
        for (const handler of gapHandlers) handler();
      });
      if (first)
        listened.set(
          first,
          subscription.then(() => undefined),
        );
      await Promise.all([subscription, ...rest.map(listen)]);
    },
  };
}

/**
 * Wraps a service's changes of published content of `kind`: once a change resolves (its transaction
 * committed), `content.published` goes out; a refused change publishes nothing.
 */
export function publishesContent(events: EventPublisher, kind: ContentKind) {
  return async <T>(change: Promise<T>): Promise<T> => {
    const changed = await change;
    await events.publish('content.published', { kind });
    return changed;
  };
}
