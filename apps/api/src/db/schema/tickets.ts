import { ticketStatuses } from '@carabala/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { randomId, requiredRef, stampedAt, writtenAt } from './columns';
import { users } from './users';

export const ticketStatusEnum = pgEnum('ticket_status', ticketStatuses);

/**
 * A support ticket. `number` is the human ticket number players see (#100001); the URL uses the
 * random `id`, and every player read is filtered by owner. `titleFolded` is the title lower-cased
 * without diacritics, so search works the same on PostgreSQL and PGlite without `unaccent`.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: randomId(),
    number: integer('number').generatedAlwaysAsIdentity({ startWith: 100001 }).notNull().unique(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    shortId: varchar('short_id', { length: 10 }).notNull(),
    type: varchar('type', { length: 5 }).notNull(),
    incidentTime: varchar('incident_time', { length: 200 }).notNull(),
    device: varchar('device', { length: 200 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    titleFolded: varchar('title_folded', { length: 400 }).notNull(),
    description: text('description').notNull(),
    status: ticketStatusEnum('status').notNull().default('PROCESSING'),
    filesUrl: jsonb('files_url')
      .$type<{ url: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...writtenAt(),
  },
  (table) => [
    index('tickets_user_idx').on(table.userId, table.createdAt),
    index('tickets_status_idx').on(table.status, table.createdAt),
  ],
);

/**
 * A reply under a ticket: a staff answer, or the owner's follow-up (`from_player`, with up to 3 images);
 * `name` is the author's display name at the time.
 */
export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: randomId(),
    ticketId: requiredRef('ticket_id', () => tickets.id, 'cascade'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 100 }).notNull(),
    content: text('content').notNull(),
    fromPlayer: boolean('from_player').notNull().default(false),
    filesUrl: jsonb('files_url')
      .$type<{ url: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('ticket_replies_ticket_idx').on(table.ticketId, table.createdAt)],
);
