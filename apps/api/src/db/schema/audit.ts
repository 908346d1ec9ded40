import { index, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { randomId, stampedAt } from './columns';
import { users } from './users';

/** Every staff action that changes data: who, when, what, and the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: randomId(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 100 }).notNull(),
    targetType: varchar('target_type', { length: 50 }).notNull(),
    targetId: text('target_id'),
    detail: jsonb('detail'),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('audit_created_idx').on(table.createdAt), index('audit_actor_idx').on(table.actorId)],
);
