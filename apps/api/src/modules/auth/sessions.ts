import type { DeviceSessionList, NewDeviceSignIn } from '@carabala/contracts';
import { isStaff, type Role } from '@carabala/contracts/permissions';
import type { Db, SessionCache } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { notFound } from '../../plugins/errors';
import { findRecentAudit, recordAudit } from '../audit';
import { deviceName } from './device-name';
import { authMessages } from './messages';
import { earlierSignIns, findLiveSessions, findSession, lastSignInOf, revokeSessionOf } from './session-repository';

/** A user's live sessions (the device in words) and latest sign-in, for the staff's player page. */
export async function signInsOf(db: Db, userId: string) {
  const [rows, lastSignInAt] = await Promise.all([findLiveSessions(db, userId), lastSignInOf(db, userId)]);
  return {
    lastSignInAt,
    sessions: rows.map((row) => ({
      device: deviceName(row.userAgent),
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
    })),
  };
}

/** The device a sign-in came from, read from its request. */
export interface SignInClient {
  userAgent: string | null;
  address: string | null;
}

export const NEW_DEVICE_ACTION = 'session.new_device';
const NOTICE_LIMIT = 5;

export const signInClientOf = (request: {
  ip: string;
  raw: { headers: { 'user-agent'?: string } };
}): SignInClient & { address: string } => ({
  userAgent: request.raw.headers['user-agent']?.slice(0, 500) || null,
  address: request.ip,
});

interface Caller {
  id: string;
  role: Role;
  sessionId: string;
}

/**
 * A user's signed-in devices: listing and ending them, and the new-device watch of staff sign-ins.
 * A device is a User-Agent: a staff sign-in with one the account never signed in with is audited
 * (not the account's very first sign-in), and listed to the account at its next sign-in (decision 028).
 */
export function createDeviceSessionService({
  db,
  sessionCache,
  onNewDevice,
}: {
  db: Db;
  sessionCache: SessionCache;
  /** Told of each audited new-device sign-in (the e-mail module's security notice). */
  onNewDevice?: (signIn: {
    userId: string;
    sessionId: string;
    device: string;
    address: string | null;
    at: Date;
  }) => Promise<void>;
}) {
  /** New-device sign-ins since this device's previous sign-in (any previous one, for a new device). */
  async function newDeviceSignIns(caller: Caller): Promise<NewDeviceSignIn[]> {
    if (!isStaff(caller.role)) return [];
    const current = await findSession(db, caller.sessionId);
    if (!current) return [];
    const earlier = await earlierSignIns(db, caller.id, current.createdAt, current.userAgent);
    const since = earlier.sameDevice ?? earlier.any;
    if (!since) return [];
    const entries = await findRecentAudit(db, NEW_DEVICE_ACTION, caller.id, since, NOTICE_LIMIT + 1);
    return entries
      .map(({ detail, createdAt }) => ({ detail: detail as NewDeviceDetail, at: createdAt.toISOString() }))
      .filter(({ detail }) => detail.sessionId !== caller.sessionId)
      .slice(0, NOTICE_LIMIT)
      .map(({ detail, at }) => ({ device: detail.device, address: detail.address, at }));
  }

  return {
    /** Called with the session just made: audits a staff account's sign-in from a new device. */
    async noteSignIn(user: { id: string; role: Role }, sessionId: string, client: SignInClient, madeAt: Date) {
      if (!isStaff(user.role)) return;
      const earlier = await earlierSignIns(db, user.id, madeAt, client.userAgent);
      if (!earlier.any || earlier.sameDevice) return;
      const detail: NewDeviceDetail = { device: deviceName(client.userAgent), address: client.address, sessionId };
      await recordAudit(db, {
        actorId: user.id,
        action: NEW_DEVICE_ACTION,
        targetType: 'user',
        targetId: user.id,
        detail,
      });
      await onNewDevice?.({ userId: user.id, sessionId, device: detail.device, address: detail.address, at: madeAt });
    },

    async list(caller: Caller): Promise<DeviceSessionList> {
      const [rows, notices] = await Promise.all([findLiveSessions(db, caller.id), newDeviceSignIns(caller)]);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          device: deviceName(row.userAgent),
          address: row.address,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.id === caller.sessionId,
        })),
        newDeviceSignIns: notices,
      };
    },

    /** Ends one of the caller's own sessions (this device too: that is a sign-out). */
    async end(caller: Caller, sessionId: string) {
      const ended = await db.transaction(async (tx) => {
        const row = isUuid(sessionId) ? await revokeSessionOf(tx, caller.id, sessionId) : undefined;
        if (!row) throw notFound(authMessages.sessionNotFound);
        if (isStaff(caller.role)) {
          await recordAudit(tx, {
            actorId: caller.id,
            action: 'session.end',
            targetType: 'session',
            targetId: row.id,
            detail: { device: deviceName(row.userAgent) },
          });
        }
        return row;
      });
      await sessionCache.evictSession(ended.id);
    },
  };
}

interface NewDeviceDetail {
  device: string;
  address: string | null;
  sessionId: string;
}
