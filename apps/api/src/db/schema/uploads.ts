import { index, integer, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { requiredRef, stampedAt } from './columns';
import { users } from './users';

// The uploads module's table (modules/uploads).

/** An image a player uploaded: re-encoded, stored under a server-made name, owned by its uploader. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    ownerId: requiredRef('owner_id', () => users.id, 'cascade'),
    folder: varchar('folder', { length: 30 }).notNull(),
    /** `{uuid}.{ext}`, the name under which storage keeps it. */
    name: varchar('name', { length: 64 }).notNull(),
    contentType: varchar('content_type', { length: 30 }).notNull(),
    size: integer('size').notNull(),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('uploads_owner_idx').on(table.ownerId, table.createdAt)],
);
