import { randomUUID } from 'node:crypto';
import type { ApprovalEffectOf, PointsAdjustmentBody } from '@carabala/contracts';
import type { Db, Tx } from '../../db/client';
import { PendingApproval } from '../../lib/reply';
import { text } from '../../lib/sentences';
import { AppError } from '../../plugins/errors';
import { requestApproval, staleApproval, type ApprovalApplier, type ApprovalContext } from '../approvals';
import { recordAudit } from '../audit';
import { findUserByShortId } from '../users';
import { pointsModuleMessages as m } from './messages';
import { lockBalance, publishedSettings, writeEntry } from './repository';

type Member = ApprovalEffectOf<'points.adjust'>['member'];

/**
 * Adds or removes a player's points with a reason, audited: under the balance's lock, never below zero
 * (refused with the balance). Added points expire as the published settings say.
 */
async function applyAdjustment(
  tx: Tx,
  adjustment: { member: Member; points: number; reason: string; actorId: string; sourceId: string },
  approval?: ApprovalContext,
) {
  const balance = await lockBalance(tx, adjustment.member.id);
  if (balance + adjustment.points < 0) {
    const words = m.adjustTooMuch(balance);
    if (approval) throw staleApproval(words);
    throw new AppError(409, m.notEnough, words, { points: [words] });
  }
  const settings = await publishedSettings(tx);
  const entry = await writeEntry(tx, {
    userId: adjustment.member.id,
    kind: 'adjust',
    sourceId: adjustment.sourceId,
    points: adjustment.points,
    about: adjustment.reason,
    expiryMonths: settings?.expiryMonths ?? null,
    actorId: adjustment.actorId,
  });
  await recordAudit(tx, {
    actorId: adjustment.actorId,
    action: 'points.adjust',
    targetType: 'user',
    targetId: adjustment.member.id,
    detail: {
      shortId: adjustment.member.shortId,
      points: adjustment.points,
      reason: adjustment.reason,
      ...(approval ? { approvalId: approval.approvalId, approvedBy: approval.approvedBy } : {}),
    },
  });
  return { entryId: entry!.id, balance: entry!.balance };
}

/**
 * A staff adjustment: at most the published threshold (either way) is applied at once; more waits for a
 * second admin (decision record 030). With no published settings every adjustment waits (safe by default).
 */
export async function adjustPoints(db: Db, actorId: string, body: Required<PointsAdjustmentBody>) {
  return db.transaction(async (tx): Promise<{ entryId: number; balance: number } | PendingApproval> => {
    const user = await findUserByShortId(tx, body.shortId.trim());
    if (!user) throw new AppError(404, m.playerNotFound);
    const member = { id: user.id, displayName: user.displayName, shortId: user.shortId };
    const threshold = (await publishedSettings(tx))?.approvalThreshold ?? 0;
    if (Math.abs(body.points) > threshold) {
      return requestApproval(tx, {
        effect: { kind: 'points.adjust', member, points: body.points, reason: body.reason },
        summary: text('server.points.adjustSummary', {
          points: `${body.points > 0 ? '+' : ''}${body.points}`,
          name: user.displayName,
          shortId: user.shortId,
        }),
        reason: body.reason,
        amount: null,
        requestedBy: actorId,
      });
    }
    return applyAdjustment(tx, { member, points: body.points, reason: body.reason, actorId, sourceId: randomUUID() });
  });
}

/** Carries out an approved adjustment once: its ledger row's source is the approval's id. */
export const pointsAdjustApplier: ApprovalApplier<'points.adjust'> = {
  async apply(tx, effect, context) {
    await applyAdjustment(
      tx,
      {
        member: effect.member,
        points: effect.points,
        reason: effect.reason,
        actorId: context.requestedBy,
        sourceId: context.approvalId,
      },
      context,
    );
  },
};
