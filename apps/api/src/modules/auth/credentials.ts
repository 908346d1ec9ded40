import type { LoginResult } from '@carabala/contracts';
import { isStaff } from '@carabala/contracts/permissions';
import type { Db } from '../../lib/deps';
import { createLocalPasswordCheck, type GameBackend, type GamePlayers } from '../game';
import type { PasswordHasher } from './passwords';
import { findUserByUsername } from './repository';

export type CredentialCheck = (body: {
  username: string;
  password: string;
  deviceId?: string | null;
}) => Promise<LoginResult['user'] | 'refused' | 'unverified' | 'banned'>;

/**
 * The account behind a username and password, before any throttle or refusal: staff checked here (the
 * site's own accounts, whatever the mode; their second factor follows), players by the game.
 */
export function credentialCheck({
  db,
  passwords,
  game,
  product,
}: {
  db: Db;
  passwords: PasswordHasher;
  game: { backend: GameBackend; players: Pick<GamePlayers, 'accountOf'> };
  product: string;
}): CredentialCheck {
  const checkLocalPassword = createLocalPasswordCheck(db, passwords);
  // A player the game vouches for: the embedded account service's, or the game's at GAME_API_URL (then
  // the local shadow, created or refreshed). The game away throws GameUnavailableError.
  return async function verifyCredentials(body) {
    const local = await findUserByUsername(db, body.username);
    if (local && isStaff(local.role)) {
      const checked = await checkLocalPassword(body.username, body.password);
      if (checked.result === 'refused') return 'refused';
      if (!checked.account.emailVerifiedAt) return 'unverified';
      const { id, shortId, displayName, avatar, role } = checked.account;
      return { id, shortId, displayName, avatar, role };
    }
    const answer = await game.backend.authenticate({
      username: body.username,
      password: body.password,
      deviceId: body.deviceId || `${product}.web`,
    });
    if (answer.result === 'refused') {
      return answer.reason === 'unknown_player' || answer.reason === 'wrong_password' ? 'refused' : answer.reason;
    }
    return game.players.accountOf(answer.player, false);
  };
}
