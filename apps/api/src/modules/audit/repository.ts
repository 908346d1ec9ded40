import type { AuditAction, AuditQuery } from '@carabala/contracts';
import { and, desc, eq, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { readPage } from '../../db/paging';
import {
  approvalRequests,
  auditLog,
  bankEvents,
  giftCodeBatches,
  giftCodes,
  mails,
  news,
  orders,
  tickets,
  users,
} from '../../db/schema';

export interface AuditEntry {
  /** Null for the operator's command line. */
  actorId: string | null;
  action: AuditAction;
  targetType: string;
  targetId?: string | null;
  detail?: unknown;
}

/** Records a staff action; call it inside the transaction that makes the change. */
export async function recordAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, targetId: entry.targetId ?? null, detail: entry.detail ?? null });
}

const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/** The entry's target id as a uuid when its target is of `type` (null otherwise): a key lookup. */
const targetOf = (type: string) =>
  sql`case when ${auditLog.targetType} = ${type} and ${auditLog.targetId} ~ ${UUID_PATTERN} then ${auditLog.targetId}::uuid end`;

const approvedBy = sql`case when ${auditLog.detail}->>'approvedBy' ~ ${UUID_PATTERN} then (${auditLog.detail}->>'approvedBy')::uuid end`;

const targetOrder = alias(orders, 'target_order');
const eventOrder = alias(orders, 'event_order');
const targetUser = alias(users, 'target_user');
const approver = alias(users, 'approver');

function filtersOf(query: AuditQuery) {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.targetType) filters.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) filters.push(eq(auditLog.targetId, query.targetId));
  if (query.actorShortId) filters.push(eq(users.shortId, query.actorShortId));
  if (query.from) filters.push(gte(auditLog.createdAt, new Date(query.from)));
  if (query.to) filters.push(lte(auditLog.createdAt, new Date(query.to)));
  return filters.length ? and(...filters) : undefined;
}

/**
 * One page of the log, newest first, with the actor, the approver, and what staff read of the target:
 * the other modules' tables are joined only to show a code, a title or a name (decision record 023).
 */
export async function findAuditEntries(db: Db, query: AuditQuery) {
  const where = filtersOf(query);
  return readPage(
    query,
    db
      .select({
        entry: auditLog,
        actorName: users.displayName,
        actorShortId: users.shortId,
        approverId: approver.id,
        approverName: approver.displayName,
        approverShortId: approver.shortId,
        orderCode: targetOrder.code,
        eventReference: bankEvents.referenceCode,
        eventOrderId: eventOrder.id,
        eventOrderCode: eventOrder.code,
        giftCode: giftCodes.code,
        batchName: giftCodeBatches.name,
        newsTitle: news.title,
        userName: targetUser.displayName,
        userShortId: targetUser.shortId,
        ticketNumber: tickets.number,
        approvalSummary: approvalRequests.summary,
        mailTitle: mails.title,
        mailShortId: mails.receiverShortId,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .leftJoin(approver, eq(approver.id, approvedBy))
      .leftJoin(targetOrder, eq(targetOrder.id, targetOf('order')))
      .leftJoin(bankEvents, eq(bankEvents.id, targetOf('bank_event')))
      .leftJoin(eventOrder, eq(eventOrder.id, bankEvents.orderId))
      .leftJoin(giftCodes, eq(giftCodes.id, targetOf('gift_code')))
      .leftJoin(giftCodeBatches, eq(giftCodeBatches.id, targetOf('gift_code_batch')))
      .leftJoin(news, eq(news.id, targetOf('news')))
      .leftJoin(targetUser, eq(targetUser.id, targetOf('user')))
      .leftJoin(tickets, eq(tickets.id, targetOf('ticket')))
      .leftJoin(approvalRequests, eq(approvalRequests.id, targetOf('approval')))
      .leftJoin(mails, eq(mails.id, targetOf('mail')))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where),
  );
}

export type AuditRow = Awaited<ReturnType<typeof findAuditEntries>>['items'][number];

/** The latest entries of one action about one target since a moment (the new-device notice). */
export function findRecentAudit(db: Db, action: AuditAction, targetId: string, since: Date, limit: number) {
  return db
    .select({ detail: auditLog.detail, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId), gte(auditLog.createdAt, since)))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
}

/**
 * The money `actorId` moved alone in the last `hours` through `actions`: the `amount` of their entries
 * that name no approver (decision record 030's rolling total). Read inside the caller's transaction,
 * under its per-member lock.
 */
export async function sumOwnAmounts(tx: Tx, actorId: string, actions: AuditAction[], hours: number): Promise<number> {
  const [row] = await tx
    .select({
      total: sql<string>`coalesce(sum((${auditLog.detail}->>'amount')::bigint), 0)::text`,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorId, actorId),
        inArray(auditLog.action, actions),
        gt(auditLog.createdAt, sql`now() - make_interval(hours => ${hours})`),
        sql`${auditLog.detail}->>'approvedBy' is null`,
      ),
    );
  return Number(row?.total ?? 0);
}
