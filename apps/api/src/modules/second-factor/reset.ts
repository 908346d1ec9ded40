import { secondFactorCodes, secondFactorMessages as messages } from '@carabala/contracts';
import type { Db, SessionCache } from '../../lib/deps';
import { AppError } from '../../plugins/errors';
import { recordAudit } from '../audit';
import { deleteSecondFactor, findAccount, revokeUserSessions } from './repository';

/**
 * Removes an account's second factor and ends all its sessions, audited: by an admin in the console,
 * or by the operator's command line (`actor` null). The account enrols again at its next sign-in.
 * Null when there is no such account.
 */
export async function resetSecondFactor(
  { db, sessionCache }: { db: Db; sessionCache: Pick<SessionCache, 'evictUser'> },
  actor: { id: string; shortId: string } | null,
  target: { id: string } | { username: string },
) {
  const account = await findAccount(db, target);
  if (!account) return null;
  if (actor && actor.id === account.id) throw new AppError(400, secondFactorCodes.selfReset, messages.selfReset);
  await db.transaction(async (tx) => {
    // Nothing to reset: no session is ended for nothing.
    if (!(await deleteSecondFactor(tx, account.id))) {
      throw new AppError(409, secondFactorCodes.notEnrolled, messages.notEnrolled);
    }
    await revokeUserSessions(tx, account.id);
    const who = actor ? `Quản trị viên #${actor.shortId}` : 'Người vận hành (dòng lệnh)';
    await recordAudit(tx, {
      actorId: actor?.id ?? null,
      action: 'user.second_factor.reset',
      targetType: 'user',
      targetId: account.id,
      detail: {
        shortId: account.shortId,
        via: actor ? 'console' : 'cli',
        sentence: `${who} đã đặt lại xác thực hai lớp của #${account.shortId} và kết thúc mọi phiên đăng nhập của tài khoản này.`,
      },
    });
  });
  await sessionCache.evictUser(account.id);
  return account;
}
