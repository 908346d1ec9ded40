import type { ApprovalQuery } from '@carabala/contracts';
import { foldText } from '@carabala/contracts/labels';
import { aliasedTable, and, desc, eq, gt, like, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { readPage } from '../../db/paging';
import { escapeLike } from '../../db/search';
import { approvalRequests, orders, users } from '../../db/schema';

export type ApprovalRow = typeof approvalRequests.$inferSelect;
export type NewApproval = Omit<typeof approvalRequests.$inferInsert, 'id' | 'status' | 'searchText' | 'expiresAt'>;

/** How long a request waits for a second admin before it can no longer be approved. */
export const APPROVAL_LIFETIME_HOURS = 24;

/** Stores a pending request; the requester's name and User ID join its search text. */
export async function insertApproval(tx: Tx, request: NewApproval): Promise<ApprovalRow> {
  const [requester] = await tx
    .select({ displayName: users.displayName, shortId: users.shortId })
    .from(users)
    .where(eq(users.id, request.requestedBy))
    .limit(1);
  const searchText = foldText([request.summary, request.reason, requester?.displayName, requester?.shortId].join(' '));
  const [row] = await tx
    .insert(approvalRequests)
    .values({
      ...request,
      searchText,
      expiresAt: sql`now() + make_interval(hours => ${APPROVAL_LIFETIME_HOURS})`,
    })
    .returning();
  return row!;
}

/** Still undecided 24 hours after it was asked, by the database's clock. */
const isExpired = sql<boolean>`${approvalRequests.expiresAt} <= now()`;

/** The request, locked until the transaction ends: concurrent approvals of it wait for each other. */
export async function lockApproval(tx: Tx, id: string) {
  const [row] = await tx
    .select({ request: approvalRequests, expired: isExpired })
    .from(approvalRequests)
    .where(eq(approvalRequests.id, id))
    .for('update');
  return row;
}

export async function decideApproval(
  tx: Tx,
  id: string,
  decision: { status: 'approved' | 'rejected'; decidedBy: string; decisionReason: string | null },
) {
  await tx
    .update(approvalRequests)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(eq(approvalRequests.id, id));
}

const requester = aliasedTable(users, 'requester');
const decider = aliasedTable(users, 'decider');

const statusFilter: Record<NonNullable<ApprovalQuery['status']>, SQL> = {
  pending: and(eq(approvalRequests.status, 'pending'), gt(approvalRequests.expiresAt, sql`now()`))!,
  expired: and(eq(approvalRequests.status, 'pending'), lte(approvalRequests.expiresAt, sql`now()`))!,
  approved: eq(approvalRequests.status, 'approved'),
  rejected: eq(approvalRequests.status, 'rejected'),
};

const selection = {
  request: approvalRequests,
  expired: isExpired,
  requester: { id: requester.id, displayName: requester.displayName, shortId: requester.shortId },
  decider: { id: decider.id, displayName: decider.displayName, shortId: decider.shortId },
  madeOrder: { id: orders.id, code: orders.code },
};

type Member = { id: string; displayName: string; shortId: string };
/** One request as the console lists it; `expired` is worked out by the database's clock. */
export interface ApprovalListRow {
  request: ApprovalRow;
  expired: boolean;
  requester: Member;
  decider: { [K in keyof Member]: Member[K] | null };
  /** The order an approved grant made (the orders module's table, read by name). */
  madeOrder: { id: string | null; code: string | null } | null;
}

/** Requests with who asked and who decided, as the console shows them. */
const selectApprovals = (db: Db | Tx) =>
  db
    .select(selection)
    .from(approvalRequests)
    .innerJoin(requester, eq(requester.id, approvalRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, approvalRequests.decidedBy))
    .leftJoin(orders, eq(orders.approvalId, approvalRequests.id));

/** Requests newest first, by status and by words of the search text (ignoring diacritics). */
export async function findApprovals(db: Db, query: ApprovalQuery) {
  const filters: SQL[] = [];
  if (query.status) filters.push(statusFilter[query.status]);
  for (const word of foldText(query.q ?? '')
    .split(/\s+/)
    .filter(Boolean)) {
    filters.push(like(approvalRequests.searchText, `%${escapeLike(word)}%`));
  }
  const where = filters.length ? and(...filters) : undefined;
  return readPage<ApprovalListRow>(
    query,
    selectApprovals(db).where(where).orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(approvalRequests)
      .where(where),
  );
}

/** One request as the list shows it. */
export async function findApproval(db: Db | Tx, id: string): Promise<ApprovalListRow | undefined> {
  const [row] = await selectApprovals(db).where(eq(approvalRequests.id, id)).limit(1);
  return row;
}
