import { secondFactorCodes, secondFactorMessages as messages } from '@carabala/contracts';
import type { Db, SessionCache, Tx } from '../../lib/deps';
import { PendingApproval } from '../../lib/reply';
import { AppError, notFound } from '../../plugins/errors';
import { requestApproval, type ApprovalApplier, type ApprovalContext } from '../approvals';
import { recordAudit } from '../audit';
import { revokeSessionsOf } from '../auth';
import { deleteSecondFactor, findAccount, findSecondFactor } from './repository';
import { text } from '../../lib/sentences';

type ResetDeps = { db: Db; sessionCache: Pick<SessionCache, 'evictUser'> };
type Actor = { id: string; shortId: string };

/** What the approvers read of a request to reset an admin's second factor. */
const resetSummary = (name: string, shortId: string) =>
  text('server.audit.secondFactorResetSummary', { name, shortId });

const notEnrolled = () => new AppError(409, secondFactorCodes.notEnrolled, messages.notEnrolled);

/** Removes the factor and its recovery codes and ends every session, audited: inside the caller's transaction. */
async function resetIn(tx: Tx, account: Actor, actor: Actor | null, approval?: ApprovalContext) {
  // Nothing to reset: no session is ended for nothing.
  if (!(await deleteSecondFactor(tx, account.id))) throw notEnrolled();
  await revokeSessionsOf(tx, account.id);
  await recordAudit(tx, {
    actorId: actor?.id ?? null,
    action: 'user.second_factor.reset',
    targetType: 'user',
    targetId: account.id,
    detail: {
      shortId: account.shortId,
      via: actor ? 'console' : 'cli',
      sentence: actor
        ? text('server.audit.secondFactorResetByAdmin', { actor: actor.shortId, shortId: account.shortId })
        : text('server.audit.secondFactorResetByOperator', { shortId: account.shortId }),
      ...(approval ? { approvalId: approval.approvalId, approvedBy: approval.approvedBy } : {}),
    },
  });
}

/**
 * Removes an account's second factor and ends all its sessions, audited: by an admin in the console,
 * or by the operator's command line (`actor` null). The account enrols again at its next sign-in. An
 * admin's factor guards every power of the console, so an admin resetting another admin's only asks:
 * a second admin approves it (decision record 030); the operator's command line does not wait.
 * Null when there is no such account.
 */
type Account = NonNullable<Awaited<ReturnType<typeof findAccount>>>;
type Target = { id: string } | { username: string };
export async function resetSecondFactor(deps: ResetDeps, actor: null, target: Target): Promise<Account | null>;
export async function resetSecondFactor(
  deps: ResetDeps,
  actor: Actor,
  target: Target,
): Promise<Account | PendingApproval | null>;
export async function resetSecondFactor(
  { db, sessionCache }: ResetDeps,
  actor: Actor | null,
  target: Target,
): Promise<Account | PendingApproval | null> {
  const account = await findAccount(db, target);
  if (!account) return null;
  if (actor && actor.id === account.id) throw new AppError(400, secondFactorCodes.selfReset, messages.selfReset);
  const pending = await db.transaction(async (tx) => {
    if (!actor || account.role !== 'admin') return resetIn(tx, account, actor);
    if (!(await findSecondFactor(tx, account.id))?.enabledAt) throw notEnrolled();
    return requestApproval(tx, {
      effect: {
        kind: 'user.second_factor_reset',
        member: { id: account.id, displayName: account.displayName, shortId: account.shortId },
      },
      summary: resetSummary(account.displayName, account.shortId),
      reason: '',
      amount: null,
      requestedBy: actor.id,
    });
  });
  if (pending instanceof PendingApproval) return pending;
  await sessionCache.evictUser(account.id);
  return account;
}

/** Carries out an approved reset of an admin's second factor, with the requester as its actor. */
export function adminResetApplier({ sessionCache }: Pick<ResetDeps, 'sessionCache'>) {
  const applier: ApprovalApplier<'user.second_factor_reset'> = {
    async apply(tx, { member }, context) {
      const [account, requester] = [await findAccount(tx, member), await findAccount(tx, { id: context.requestedBy })];
      if (!account || !requester) throw notFound('common.playerNotFound');
      await resetIn(tx, account, requester, context);
    },
    afterCommit: ({ member }) => sessionCache.evictUser(member.id),
  };
  return applier;
}
