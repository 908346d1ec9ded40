import type { AuditQuery, PlayerQuery, PlayerSummary, Role } from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import type { users } from '../../db/schema';
import { AppError, notFound } from '../../plugins/errors';
import { findAuditEntries, recordAudit } from '../audit/repository';
import { findPlayer, findPlayers, overviewFigures, updateRole } from './repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function toSummary(user: typeof users.$inferSelect): PlayerSummary {
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

export function createStaffService(app: FastifyInstance) {
  return {
    overview: () => overviewFigures(app.db),

    async auditLog(query: AuditQuery) {
      const { rows, total } = await findAuditEntries(app.db, query);
      return {
        items: rows.map(({ entry, actorName, actorShortId }) => ({
          id: entry.id,
          actor:
            entry.actorId && actorName ? { id: entry.actorId, displayName: actorName, shortId: actorShortId! } : null,
          action: entry.action,
          targetType: entry.targetType,
          targetId: entry.targetId,
          detail: entry.detail,
          createdAt: entry.createdAt.toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async players(query: PlayerQuery) {
      const { rows, total } = await findPlayers(app.db, query);
      return { items: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize };
    },

    async player(id: string) {
      const user = UUID.test(id) ? await findPlayer(app.db, id) : undefined;
      if (!user) throw notFound('Không tìm thấy người chơi.');
      return toSummary(user);
    },

    /** Admin only. An admin cannot remove their own admin role (someone must be left to manage roles). */
    async changeRole(actorId: string, id: string, role: Role) {
      if (!UUID.test(id)) throw notFound('Không tìm thấy người chơi.');
      if (id === actorId && role !== 'admin') {
        throw new AppError(400, 'api.staff.self_demotion', 'Bạn không thể tự hạ quyền của chính mình.');
      }
      const updated = await app.db.transaction(async (tx) => {
        const user = await findPlayer(tx, id);
        if (!user) throw notFound('Không tìm thấy người chơi.');
        if (user.role === role) return user;
        await updateRole(tx, id, role);
        await recordAudit(tx, {
          actorId,
          action: 'user.role.change',
          targetType: 'user',
          targetId: id,
          detail: { shortId: user.shortId, from: user.role, to: role },
        });
        return { ...user, role };
      });
      await app.sessionCache.evictUser(id);
      return toSummary(updated);
    },
  };
}
