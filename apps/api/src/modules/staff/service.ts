import type { AuditQuery, Overview, PlayerQuery, PlayerSummary } from '@carabala/contracts';
import type { Role } from '@carabala/contracts/permissions';
import { toPaged } from '../../db/paging';
import type { Db, SessionCache, Tx } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { PendingApproval } from '../../lib/reply';
import { AppError, notFound } from '../../plugins/errors';
import { requestApproval, type ApprovalApplier, type ApprovalContext } from '../approvals';
import { findAuditEntries, recordAudit, toAuditEntry } from '../audit';
import { revokeSessionsOf } from '../auth';
import { findPlayer, findPlayers, findStaffMembers, updateRole, type UserRow } from '../users';
import { staffMessages } from './messages';
import { readPlayerOverview, type PlayerRecords } from './player-overview';
import { text } from '../../lib/sentences';

function toSummary(user: UserRow): PlayerSummary {
  return {
    id: user.id,
    shortId: user.shortId,
    username: user.username,
    displayName: user.displayName,
    avatar: user.avatar,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
  };
}

const playerNotFound = () => notFound(staffMessages.playerNotFound);

export interface StaffDeps {
  db: Db;
  sessionCache: SessionCache;
  /** The overview's figures, each from the module that owns them. */
  moneyFigures: () => Promise<
    Pick<Overview, 'revenueToday' | 'revenueMonth' | 'ordersPaidToday' | 'ordersWaiting' | 'bankEventsToReview'>
  >;
  countDeadMails: () => Promise<number>;
  countOpenTickets: () => Promise<number>;
  /** The player page's parts, each from the module that owns it. */
  playerRecords: PlayerRecords;
}

/** The staff console's own calls: the overview, the audit log and the players. */
export function createStaffService({
  db,
  sessionCache,
  moneyFigures,
  countDeadMails,
  countOpenTickets,
  playerRecords,
}: StaffDeps) {
  return {
    async overview(): Promise<Overview> {
      const [money, deliveriesFailed, ticketsOpen] = await Promise.all([
        moneyFigures(),
        countDeadMails(),
        countOpenTickets(),
      ]);
      return { ...money, deliveriesFailed, ticketsOpen };
    },

    async auditLog(query: AuditQuery) {
      return toPaged(query, await findAuditEntries(db, query), toAuditEntry);
    },

    /** The staff accounts, for the audit log's "who" filter. */
    staffMembers: () => findStaffMembers(db),

    async players(query: PlayerQuery) {
      return toPaged(query, await findPlayers(db, query), toSummary);
    },

    async player(id: string) {
      const user = isUuid(id) ? await findPlayer(db, id) : undefined;
      if (!user) throw playerNotFound();
      return toSummary(user);
    },

    /** The player page: the profile, then their orders, tickets, gift codes, mails and sessions. */
    async playerOverview(id: string) {
      const user = isUuid(id) ? await findPlayer(db, id) : undefined;
      if (!user) throw playerNotFound();
      return readPlayerOverview(playerRecords, toSummary(user));
    },

    /** Ends every session of a user, on every API process at once (audited). */
    async endSessions(actorId: string, id: string) {
      if (!isUuid(id)) throw playerNotFound();
      const ended = await db.transaction(async (tx) => {
        const user = await findPlayer(tx, id);
        if (!user) throw playerNotFound();
        const count = await revokeSessionsOf(tx, id);
        await recordAudit(tx, {
          actorId,
          action: 'user.sessions.end',
          targetType: 'user',
          targetId: id,
          detail: { shortId: user.shortId, ended: count },
        });
        return count;
      });
      await sessionCache.evictUser(id);
      return { ended };
    },

    /**
     * Admin only. An admin cannot remove their own admin role (someone must be left to manage roles).
     * A change ends the member's sessions: they sign in again under the new role. A promotion to admin
     * waits for a second admin (decision record 030).
     */
    async changeRole(actorId: string, id: string, role: Role, reason?: string) {
      if (!isUuid(id)) throw playerNotFound();
      if (id === actorId && role !== 'admin') {
        throw new AppError(400, 'api.staff.self_demotion', staffMessages.selfDemotion);
      }
      const outcome = await db.transaction(async (tx) => {
        const user = await findPlayer(tx, id);
        if (!user) throw playerNotFound();
        if (user.role === role) return user;
        if (role === 'admin') {
          return requestApproval(tx, {
            effect: {
              kind: 'user.role_admin',
              member: { id: user.id, displayName: user.displayName, shortId: user.shortId },
              fromRole: user.role,
            },
            summary: staffMessages.promotionSummary(user.displayName, user.shortId, text(`admin.roles.${user.role}`)),
            reason: reason ?? '',
            amount: null,
            requestedBy: actorId,
          });
        }
        return applyRole(tx, user, role, actorId);
      });
      if (outcome instanceof PendingApproval) return outcome;
      await sessionCache.evictUser(id);
      return toSummary(outcome);
    },

    /** Carries out an approved promotion to admin. */
    promotionApplier: {
      async apply(tx, { member }, context) {
        const user = await findPlayer(tx, member.id);
        if (!user) throw playerNotFound();
        if (user.role !== 'admin') await applyRole(tx, user, 'admin', context.requestedBy, context);
      },
      afterCommit: ({ member }) => sessionCache.evictUser(member.id),
    } satisfies ApprovalApplier<'user.role_admin'>,
  };
}

/** Sets the role and ends the member's sessions, audited (with the approver when there was one). */
async function applyRole(tx: Tx, user: UserRow, role: Role, actorId: string, approval?: ApprovalContext) {
  await updateRole(tx, user.id, role);
  const sessionsEnded = await revokeSessionsOf(tx, user.id);
  await recordAudit(tx, {
    actorId,
    action: 'user.role.change',
    targetType: 'user',
    targetId: user.id,
    detail: {
      shortId: user.shortId,
      from: user.role,
      to: role,
      sessionsEnded,
      ...(approval ? { approvalId: approval.approvalId, approvedBy: approval.approvedBy } : {}),
    },
  });
  return { ...user, role };
}
