import { alertEventKinds } from '@carabala/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { randomId, stampedAt, timestampTz } from './columns';

// The alerts module's tables (modules/alerts): each rule's state, the alerts it started and ended with
// their sending to chat, the worker's heartbeat, and the per-minute counts every API process adds to.

export const alertEventKindEnum = pgEnum('alert_event_kind', alertEventKinds);

/**
 * One row per rule: whether its alert is on and since when. An evaluator changes it only with
 * `WHERE firing <> new`, so when two evaluators see the same change, one row changes and one alert is sent.
 */
export const alertStates = pgTable('alert_states', {
  rule: varchar('rule', { length: 40 }).primaryKey(),
  firing: boolean('firing').notNull().default(false),
  since: stampedAt('since'),
});

/**
 * An alert that started or ended, written with the state change it reports; sent to every configured
 * channel once. `channelsSent` lists the channels that took it, so a retry skips them; `sentAt` is set
 * once all did. An evaluator takes unsent rows for a short lease (`sendingUntil`) before sending.
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: randomId(),
    rule: varchar('rule', { length: 40 }).notNull(),
    kind: alertEventKindEnum('kind').notNull(),
    detail: text('detail').notNull(),
    at: stampedAt('at'),
    channelsSent: text('channels_sent')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sendingUntil: timestampTz('sending_until'),
    sentAt: timestampTz('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    index('alert_events_at_idx').on(table.at),
    index('alert_events_unsent_idx')
      .on(table.at)
      .where(sql`${table.sentAt} is null`),
  ],
);

/** The last sign of life of a background process ('mailbox-worker'): the worker's loop last ran then. */
export const heartbeats = pgTable('heartbeats', {
  name: varchar('name', { length: 40 }).primaryKey(),
  beatAt: timestampTz('beat_at').notNull(),
});

/**
 * Counts per minute shared by the API processes ('answers', 'server_errors', 'webhook_refused'): each
 * process counts in memory and adds its counts here every few seconds.
 */
export const activityCounts = pgTable(
  'activity_counts',
  {
    name: varchar('name', { length: 30 }).notNull(),
    minute: timestampTz('minute').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.name, table.minute] })],
);
