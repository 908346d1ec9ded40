import {
  approvalCodes,
  approvalEffectSchema,
  approvalMessages as m,
  type Approval,
  type ApprovalEffect,
  type ApprovalEffectOf,
  type ApprovalKind,
  type ApprovalQuery,
  type Paged,
} from '@carabala/contracts';
import { toPaged } from '../../db/paging';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../lib/ids';
import { PendingApproval } from '../../lib/reply';
import { AppError } from '../../plugins/errors';
import type { Words } from '../../lib/sentences';
import { recordAudit } from '../audit';
import {
  decideApproval,
  findApproval,
  findApprovals,
  insertApproval,
  lockApproval,
  type ApprovalListRow,
} from './repository';

/** Who asked and who approved: the applied action's audit entry names both. */
export interface ApprovalContext {
  approvalId: string;
  requestedBy: string;
  approvedBy: string;
}

/**
 * How an approved request is carried out: `apply` runs inside the approval's transaction (so the
 * action happens once, or not at all) and carries out the stored effect, or refuses when the world
 * changed in a way that matters; `afterCommit` nudges what follows (the mailbox, caches).
 */
export interface ApprovalApplier<K extends ApprovalKind = ApprovalKind> {
  apply(tx: Tx, effect: ApprovalEffectOf<K>, context: ApprovalContext): Promise<void>;
  afterCommit?(effect: ApprovalEffectOf<K>): void | Promise<void>;
}
export type ApprovalAppliers = { [K in ApprovalKind]: ApprovalApplier<K> };

/** A request whose effect can no longer be applied as approved (409 `api.approval.stale`). */
export const staleApproval = (message: Words) => new AppError(409, approvalCodes.stale, message);

/** What the requesting module describes: the exact effect its applier carries out, in words staff read. */
export interface ApprovalDraft {
  effect: ApprovalEffect;
  summary: string;
  reason: string;
  amount: number | null;
  requestedBy: string;
}

/**
 * Turns an action into a pending request, inside the caller's transaction, and audits it. The route
 * answers 202 `api.approval.pending` with the request's id.
 */
export async function requestApproval(tx: Tx, { effect, ...draft }: ApprovalDraft): Promise<PendingApproval> {
  const row = await insertApproval(tx, { ...draft, kind: effect.kind, payload: effect });
  await recordAudit(tx, {
    actorId: draft.requestedBy,
    action: 'approval.request',
    targetType: 'approval',
    targetId: row.id,
    detail: { kind: effect.kind, summary: draft.summary, reason: draft.reason, amount: draft.amount },
  });
  return new PendingApproval(row.id);
}

const notFound = () => new AppError(404, approvalCodes.notFound, m.notFound);

/** The stored effect, when the row holds one of its own kind (requests stored before effects were do not). */
function effectOf(request: { kind: string; payload: unknown }): ApprovalEffect | undefined {
  const parsed = approvalEffectSchema.safeParse(request.payload);
  return parsed.success && parsed.data.kind === request.kind ? parsed.data : undefined;
}

/** The order a request concerns: the one its approved grant made, or the one its effect names. */
function orderOf(row: ApprovalListRow, effect: ApprovalEffect | undefined): Approval['order'] {
  if (row.madeOrder?.id && row.madeOrder.code) return { id: row.madeOrder.id, code: row.madeOrder.code };
  if (effect?.kind === 'order.mark_paid' || effect?.kind === 'bank_event.attach') {
    return { id: effect.orderId, code: effect.orderCode };
  }
  return null;
}

function show(row: ApprovalListRow, viewerId: string): Approval {
  const { request } = row;
  const effect = effectOf(request);
  return {
    id: request.id,
    kind: request.kind as ApprovalKind,
    status: request.status === 'pending' && row.expired ? 'expired' : (request.status as Approval['status']),
    summary: request.summary,
    reason: request.reason,
    amount: request.amount,
    effect,
    order: orderOf(row, effect),
    requester: row.requester,
    decider: row.decider?.id ? (row.decider as Approval['decider']) : null,
    decisionReason: request.decisionReason,
    mine: request.requestedBy === viewerId,
    createdAt: request.createdAt.toISOString(),
    expiresAt: request.expiresAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
  };
}

export function createApprovalService({ db, appliers }: { db: Db; appliers: ApprovalAppliers }) {
  /** Locks a request that can still be decided, or refuses. */
  async function lockUndecided(tx: Tx, id: string) {
    const row = isUuid(id) ? await lockApproval(tx, id.toLowerCase()) : undefined;
    if (!row) throw notFound();
    if (row.request.status !== 'pending') throw new AppError(409, approvalCodes.decided, m.decided);
    if (row.expired) throw new AppError(409, approvalCodes.expired, m.expired);
    return row.request;
  }

  async function shown(id: string, viewerId: string) {
    const row = await findApproval(db, id.toLowerCase());
    if (!row) throw notFound();
    return show(row, viewerId);
  }

  const service = {
    async list(query: ApprovalQuery, viewerId: string): Promise<Paged<Approval>> {
      return toPaged(query, await findApprovals(db, query), (row) => show(row, viewerId));
    },

    /**
     * Another admin approves: the action runs in this transaction, under the request's row lock, so
     * two admins approving at once apply it once (the second finds it decided).
     */
    async approve(id: string, approverId: string): Promise<Approval> {
      const { request, effect } = await db.transaction(async (tx) => {
        const request = await lockUndecided(tx, id);
        if (request.requestedBy === approverId) throw new AppError(409, approvalCodes.ownRequest, m.ownRequest);
        const effect = effectOf(request);
        if (!effect) throw staleApproval(m.staleUnknown);
        await (appliers[effect.kind] as ApprovalApplier).apply(tx, effect, {
          approvalId: request.id,
          requestedBy: request.requestedBy,
          approvedBy: approverId,
        });
        await decideApproval(tx, request.id, { status: 'approved', decidedBy: approverId, decisionReason: null });
        await recordAudit(tx, {
          actorId: approverId,
          action: 'approval.approve',
          targetType: 'approval',
          targetId: request.id,
          detail: { kind: request.kind, summary: request.summary, amount: request.amount },
        });
        return { request, effect };
      });
      await (appliers[effect.kind] as ApprovalApplier).afterCommit?.(effect);
      return shown(request.id, approverId);
    },

    /** An admin refuses with a reason (their own request too: the same as withdrawing it). */
    reject: (id: string, actorId: string, reason: string) => close(id, actorId, reason, false),

    /** The requester takes back their own request, with a reason: finance as well as admins. */
    withdraw: (id: string, actorId: string, reason: string) => close(id, actorId, reason, true),
  };

  /** Rejects the request, audited; `ownOnly`: only its requester may (a withdrawal). */
  async function close(id: string, actorId: string, reason: string, ownOnly: boolean): Promise<Approval> {
    const request = await db.transaction(async (tx) => {
      const request = await lockUndecided(tx, id);
      if (ownOnly && request.requestedBy !== actorId) throw new AppError(409, approvalCodes.notOwn, m.notOwn);
      await decideApproval(tx, request.id, { status: 'rejected', decidedBy: actorId, decisionReason: reason });
      await recordAudit(tx, {
        actorId,
        action: 'approval.reject',
        targetType: 'approval',
        targetId: request.id,
        detail: { kind: request.kind, summary: request.summary, amount: request.amount, reason },
      });
      return request;
    });
    return shown(request.id, actorId);
  }

  return service;
}

export type ApprovalService = ReturnType<typeof createApprovalService>;
