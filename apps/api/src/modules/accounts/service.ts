import type { PasswordResetBody, SignUpBody, SignUpResult } from '@carabala/contracts';
import { codes } from '@carabala/contracts';
import { isStaff } from '@carabala/contracts/permissions';
import type { Db, FailureCounter, SessionCache } from '../../lib/deps';
import type { EventBus } from '../../lib/events';
import { AppError } from '../../plugins/errors';
import { recordAudit } from '../audit';
import { revokeSessionsOf, type PasswordHasher } from '../auth';
import {
  findAccountById,
  findAccountByLogin,
  findSignUpConflicts,
  insertSignedUpPlayer,
  markEmailVerified,
  setPasswordHash,
} from '../users';
import { accountMessages } from './messages';
import { hashOf, HOUR, linkMailer } from './links';
import { spendToken, spendTokensOf, takeSignUpTurn } from './repository';

export interface AccountLimits {
  /** Sign-ups (made or refused) per address per hour. */
  signUpsPerIp: number;
  /** Verification and reset e-mails asked per address per hour. */
  mailsPerIp: number;
  /** Verification and reset e-mails per account (and per username or address asked) per hour. */
  mailsPerAccount: number;
}

export interface AccountsDeps {
  db: Db;
  passwords: PasswordHasher;
  failures: FailureCounter;
  sessionCache: Pick<SessionCache, 'evictUser'>;
  /** False with GAME_API_URL: the game owns the players' accounts. */
  ownsAccounts: boolean;
  publicWebUrl: string;
  verifyHours: number;
  resetMinutes: number;
  limits: AccountLimits;
  /** `email.queued` after a commit that may have queued an e-mail, so the worker sends it at once. */
  events: Pick<EventBus, 'nudge'>;
}

/**
 * Sign-up, e-mail verification and password reset of the site's own accounts (decision record 056).
 * Nothing here says whether an address or a phone has an account: a taken one answers as a free one
 * and its holder is mailed a reset link instead; only a taken username is said, throttled per address.
 */
export function createAccountsService(deps: AccountsDeps) {
  const { db, passwords, failures, limits } = deps;
  // Nudged whether or not an e-mail was queued: the answer's timing says nothing either.
  const mailed = () => deps.events.nudge('email.queued');

  /** Counts one more and refuses past the limit (the count is kept: asking again costs too). */
  async function throttle(key: string, limit: number, refusal: () => AppError) {
    if ((await failures.hit(key, HOUR)) > limit) throw refusal();
  }
  const tooManyMails = () => new AppError(429, codes.rateLimited, accountMessages.tooManyMails(60));

  const { mailLink, mailResetLink } = linkMailer(deps);

  return {
    options: () => ({ signUp: deps.ownsAccounts }),

    async signUp(body: SignUpBody, ip: string): Promise<SignUpResult> {
      if (!deps.ownsAccounts) throw new AppError(403, accountMessages.signUpElsewhere);
      await throttle(
        `account:signup:ip:${ip}`,
        limits.signUpsPerIp,
        () => new AppError(429, codes.rateLimited, accountMessages.tooManySignUps(60)),
      );
      // Hashed before the turn is taken, and whatever the answer, so a taken address costs the same time.
      const passwordHash = await passwords.hash(body.password);
      await db.transaction(async (tx) => {
        await takeSignUpTurn(tx);
        const { usernameTaken, holder } = await findSignUpConflicts(tx, body);
        if (usernameTaken) {
          throw new AppError(400, accountMessages.usernameTaken, undefined, {
            username: [accountMessages.usernameTaken],
          });
        }
        if (holder) {
          const account = await findAccountById(tx, holder.id);
          if (account) await mailResetLink(tx, account);
          return;
        }
        const player = await insertSignedUpPlayer(tx, {
          username: body.username,
          passwordHash,
          email: body.email,
          fullName: body.fullName,
          birthDate: body.birthDate,
          phone: body.phone,
          guardianName: body.guardianName ?? null,
          guardianPhone: body.guardianPhone ?? null,
        });
        await mailLink(tx, { id: player.id, email: body.email, name: body.username }, 'verify_email');
      });
      mailed();
      return { email: body.email };
    },

    async verifyEmail(token: string): Promise<void> {
      await db.transaction(async (tx) => {
        const userId = await spendToken(tx, 'verify_email', hashOf(token));
        if (!userId)
          throw new AppError(400, accountMessages.linkInvalid, undefined, { token: [accountMessages.linkInvalid] });
        await markEmailVerified(tx, userId);
        await spendTokensOf(tx, userId, 'verify_email');
      });
    },

    /** "Gửi lại email xác minh": the same answer whether or not the username has an unverified account. */
    async resendVerification(username: string, ip: string): Promise<void> {
      await throttle(`account:mail:ip:${ip}`, limits.mailsPerIp, tooManyMails);
      await throttle(`account:mail:login:${username.toLowerCase()}`, limits.mailsPerAccount, tooManyMails);
      const account = await findAccountByLogin(db, username);
      if (!account?.email || account.emailVerifiedAt || account.role !== 'player' || !deps.ownsAccounts) return;
      await db.transaction((tx) =>
        mailLink(tx, { id: account.id, email: account.email!, name: account.displayName }, 'verify_email'),
      );
      mailed();
    },

    /** "Quên mật khẩu?": the same answer whether or not the username or address has an account. */
    async requestPasswordReset(login: string, ip: string): Promise<void> {
      await throttle(`account:mail:ip:${ip}`, limits.mailsPerIp, tooManyMails);
      await throttle(`account:mail:login:${login.toLowerCase()}`, limits.mailsPerAccount, tooManyMails);
      const account = await findAccountByLogin(db, login);
      if (account) await db.transaction((tx) => mailResetLink(tx, account));
      mailed();
    },

    /**
     * A new password from a reset link: the link is spent once, every session of the account ends,
     * and a staff member's reset is written to the audit log. The second factor is left as it was, so
     * a staff member still enters its code at the next sign-in.
     */
    async resetPassword(body: PasswordResetBody, ip: string): Promise<void> {
      await throttle(`account:reset:ip:${ip}`, limits.mailsPerIp * 4, tooManyMails);
      const passwordHash = await passwords.hash(body.password);
      const userId = await db.transaction(async (tx) => {
        const owner = await spendToken(tx, 'password_reset', hashOf(body.token));
        if (!owner)
          throw new AppError(400, accountMessages.linkInvalid, undefined, { token: [accountMessages.linkInvalid] });
        await setPasswordHash(tx, owner, passwordHash);
        // The link reached the address: it is the holder's.
        await markEmailVerified(tx, owner);
        await spendTokensOf(tx, owner, 'password_reset');
        const ended = await revokeSessionsOf(tx, owner);
        const account = await findAccountById(tx, owner);
        if (account && isStaff(account.role)) {
          await recordAudit(tx, {
            actorId: owner,
            action: 'user.password.reset',
            targetType: 'user',
            targetId: owner,
            detail: { ended, via: 'email' },
          });
        }
        return owner;
      });
      await deps.sessionCache.evictUser(userId);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
