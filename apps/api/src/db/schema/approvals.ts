import { bigint, index, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';
import { randomId, requiredRef, stampedAt, timestampTz } from './columns';

/**
 * Four-eyes requests (decision record 030), owned by the approvals module. `payload` is what the
 * action needs to run once approved; `searchText` is the summary, reason and requester folded
 * (lower case, no diacritics) for the console's search. `expired` is not stored: a pending request
 * past `expiresAt` is read as expired and can no longer be approved.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: randomId(),
    kind: varchar('kind', { length: 40 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    payload: jsonb('payload').notNull(),
    summary: text('summary').notNull(),
    reason: text('reason').notNull(),
    // A refund can pass 2^31 đ (a transfer up to BANK_EVENT_MAX_AMOUNT): bigint, read as a number (below 2^53).
    amount: bigint('amount', { mode: 'number' }),
    searchText: text('search_text').notNull(),
    requestedBy: requiredRef('requested_by', () => users.id, 'cascade'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionReason: text('decision_reason'),
    createdAt: stampedAt('created_at'),
    expiresAt: timestampTz('expires_at').notNull(),
    decidedAt: timestampTz('decided_at'),
  },
  (table) => [index('approval_requests_status_idx').on(table.status, table.createdAt)],
);
