import type { Db, Logger } from '../../lib/deps';
import type { EventPublisher } from '../../lib/events';
import { findPlayer } from '../users';
import { queueEmail } from './repository';

/** What the sign-in knows of the new device. */
export interface NewDeviceSignIn {
  userId: string;
  sessionId: string;
  device: string;
  address: string | null;
  at: Date;
}

/**
 * The security notice of a staff sign-in from a new device (decision record 028): a `new_device`
 * e-mail to the staff member's verified address, once per session (`new_device:<session id>`).
 * A failure is logged, never thrown: the sign-in itself has succeeded.
 */
export function createNewDeviceNotice({
  db,
  log,
  events,
}: {
  db: Db;
  log: Pick<Logger, 'warn'>;
  events: EventPublisher;
}) {
  return async (signIn: NewDeviceSignIn): Promise<void> => {
    try {
      const user = await findPlayer(db, signIn.userId);
      if (!user?.email || !user.emailVerifiedAt) return;
      const id = await queueEmail(db, {
        to: user.email,
        kind: 'new_device',
        dedupeKey: `new_device:${signIn.sessionId}`,
        params: {
          name: user.fullName ?? user.displayName,
          device: signIn.device,
          ip: signIn.address ?? '—',
          at: signIn.at.toISOString(),
        },
      });
      if (id) events.nudge('email.queued');
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'new-device notice not queued');
    }
  };
}
