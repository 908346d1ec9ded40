import { createHash, randomBytes } from 'node:crypto';
import { isStaff } from '@carabala/contracts/permissions';
import type { Tx } from '../../lib/deps';
import { queueEmail } from '../email';
import type { AccountOfLogin } from '../users';
import { insertToken, type TokenPurpose } from './repository';
import type { AccountsDeps } from './service';

export const HOUR = 3600;

/** The hex SHA-256 of a link's token: all the table keeps. */
export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The web pages the e-mails link to; the token rides in the fragment, which no server or log receives. */
export const linkPages = { verify_email: '/xac-minh-email', password_reset: '/dat-lai-mat-khau' } as const;

/** Makes one-time links and queues their e-mails, in the caller's transaction. */
export function linkMailer(deps: AccountsDeps) {
  /** A new link for the account and its e-mail, in the caller's transaction. */
  async function mailLink(tx: Tx, account: { id: string; email: string; name: string }, purpose: TokenPurpose) {
    const token = randomBytes(32).toString('base64url');
    const validSeconds = purpose === 'verify_email' ? deps.verifyHours * HOUR : deps.resetMinutes * 60;
    const tokenId = await insertToken(tx, { userId: account.id, purpose, tokenHash: hashOf(token), validSeconds });
    const link = `${deps.publicWebUrl.replace(/\/$/, '')}${linkPages[purpose]}#${token}`;
    await queueEmail(
      tx,
      purpose === 'verify_email'
        ? {
            to: account.email,
            kind: 'verify_email',
            params: { name: account.name, link, hours: deps.verifyHours },
            dedupeKey: `verify:${tokenId}`,
          }
        : {
            to: account.email,
            kind: 'password_reset',
            params: { name: account.name, link, minutes: deps.resetMinutes },
            dedupeKey: `reset:${tokenId}`,
          },
    );
  }

  /** A reset link to an account, unless it had its hour's share: silently, so nothing tells who exists. */
  async function mailResetLink(tx: Tx, account: AccountOfLogin) {
    if (!account.email || !account.username) return;
    // With GAME_API_URL a player's password is the game's; staff are always the site's own.
    if (!deps.ownsAccounts && !isStaff(account.role)) return;
    if ((await deps.failures.hit(`account:mail:user:${account.id}`, HOUR)) > deps.limits.mailsPerAccount) return;
    await mailLink(tx, { id: account.id, email: account.email, name: account.displayName }, 'password_reset');
  }

  return { mailLink, mailResetLink };
}
