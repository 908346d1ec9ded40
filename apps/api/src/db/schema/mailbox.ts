import { deliveryStatuses } from '@carabala/contracts';
import { index, integer, jsonb, pgEnum, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';
import { randomId, requiredRef, stampedAt, timestampTz } from './columns';
import { users } from './users';

export const mailStatusEnum = pgEnum('mail_status', deliveryStatuses);

export interface MailItem {
  itemId: string;
  quantity: number;
}

/** The server and character a mail goes to (the order's or the claim's); null for the account. */
export interface MailCharacter {
  serverId: string;
  serverName: string;
  characterId: string;
  characterName: string;
  level: number;
}

/**
 * The outbox of in-game mails. A mail is written in the same transaction as the change that earned
 * it (a paid order, a claimed gift code, a staff grant); a worker sends it to the game server with
 * its id as the idempotency key. One source event gives at most one mail.
 */
export const mails = pgTable(
  'mails',
  {
    id: randomId(),
    receiverId: requiredRef('receiver_id', () => users.id),
    receiverShortId: varchar('receiver_short_id', { length: 10 }).notNull(),
    character: jsonb('character').$type<MailCharacter>(),
    title: varchar('title', { length: 200 }).notNull(),
    items: jsonb('items').$type<MailItem[]>().notNull(),
    source: varchar('source', { length: 30 }).notNull(),
    sourceId: text('source_id').notNull(),
    status: mailStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: stampedAt('next_attempt_at'),
    lastError: text('last_error'),
    createdAt: stampedAt('created_at'),
    deliveredAt: timestampTz('delivered_at'),
  },
  (table) => [
    unique('mails_source_unique').on(table.source, table.sourceId),
    index('mails_pending_idx').on(table.status, table.nextAttemptAt),
    index('mails_receiver_idx').on(table.receiverId),
  ],
);
