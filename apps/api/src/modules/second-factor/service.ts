import {
  RECOVERY_CODE_COUNT,
  STEP_UP_MINUTES,
  codes,
  secondFactorCodes,
  secondFactorMessages as messages,
  type EnrolmentStart,
  type SecondFactorStatus,
} from '@carabala/contracts';
import { isStaff } from '@carabala/contracts/permissions';
import type { Db, FailureCounter, SessionCache, Tx } from '../../lib/deps';
import { AppError } from '../../plugins/errors';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { endStepUp, markSessionVerified } from '../auth';
import {
  countRecoveryCodesLeft,
  enableSecondFactor,
  findSecondFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  useRecoveryCode,
  useStep,
} from './repository';
import { resetSecondFactor } from './reset';
import { openSecret, sealSecret } from './secret-box';
import { hashRecoveryCode, isTotpCode, matchingStep, newRecoveryCode, newTotpSecret, otpauthUrl } from './totp';
import { text } from '../../lib/sentences';

export interface SecondFactorDeps {
  db: Db;
  failures: FailureCounter;
  sessionCache: SessionCache;
  /** The TOTP secrets' encryption key (secondFactorKey). */
  key: Buffer;
  /** The issuer an authenticator app shows (the brand). */
  issuer: string;
  /** Guesses per account and window, as for passwords. */
  limits: { perAccount: number; windowSeconds: number };
  /** Secrets never accepted (the published demo secrets, in production). */
  refusedSecrets: ReadonlySet<string>;
}

const alreadyEnrolled = () => new AppError(409, secondFactorCodes.alreadyEnrolled, messages.alreadyEnrolled);
const enrolmentElsewhere = () => new AppError(409, secondFactorCodes.enrolmentElsewhere, messages.enrolmentElsewhere);
const invalidCode = () => new AppError(400, secondFactorCodes.invalid, messages.invalid, { otp: [messages.invalid] });

/**
 * Each guess is reserved (counted) before it is checked, per account and whatever the address, as
 * the password check does: the password is already known to whoever is guessing here.
 */
async function throttle<T>(
  failures: FailureCounter,
  limits: SecondFactorDeps['limits'],
  userId: string,
  check: () => Promise<T>,
): Promise<T> {
  const failureKey = `otp:acct:${userId}`;
  if ((await failures.hit(failureKey, limits.windowSeconds)) > limits.perAccount) {
    await failures.release(failureKey);
    throw new AppError(429, codes.rateLimited, messages.tooManyAttempts(Math.ceil(limits.windowSeconds / 60)));
  }
  const result = await check();
  await failures.clear(failureKey);
  return result;
}

function readSecret(key: Buffer, refusedSecrets: ReadonlySet<string>, sealed: string): string {
  const secret = openSecret(key, sealed);
  if (!secret) throw invalidCode();
  if (refusedSecrets.has(secret)) throw new AppError(409, secondFactorCodes.demoSecret, messages.demoSecret);
  return secret;
}

function requireStaff(user: AuthUser) {
  if (!isStaff(user.role)) throw new AppError(400, codes.validation, messages.staffOnly);
}

const notStarted = () => new AppError(409, secondFactorCodes.notStarted, messages.notStarted);

/** An audit entry's detail about a staff member's own second factor: who, and the sentence staff read. */
const audited = (shortId: string, sentence: 'secondFactorEnabled' | 'recoveryCodesRenewed') => ({
  shortId,
  sentence: text(`server.audit.${sentence}`, { shortId }),
});

/** The pending secret this session may confirm, or the refusal: enrolled, not started, or another session's. */
async function pendingSecretOf(db: Db, user: AuthUser): Promise<string> {
  const factor = await findSecondFactor(db, user.id);
  if (factor?.enabledAt) throw alreadyEnrolled();
  if (!factor?.pendingSecret || !factor.pendingSessionId) throw notStarted();
  if (factor.pendingSessionId !== user.sessionId) throw enrolmentElsewhere();
  return factor.pendingSecret;
}

async function newRecoveryCodes(userId: string, tx: Tx) {
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(tx, userId, recoveryCodes.map(hashRecoveryCode));
  return recoveryCodes;
}

export function createSecondFactorService(deps: SecondFactorDeps) {
  const { db, failures, sessionCache, key, limits } = deps;
  const throttled = <T>(userId: string, check: () => Promise<T>) => throttle(failures, limits, userId, check);

  /** Checks a 6-digit code (never one already used) or a recovery code (once) of an enrolled account. */
  async function verify(userId: string, otp: string): Promise<void> {
    await throttled(userId, async () => {
      const factor = await findSecondFactor(db, userId);
      if (!factor?.enabledAt || !factor.secret) {
        throw new AppError(409, secondFactorCodes.notEnrolled, messages.notEnrolled);
      }
      if (!isTotpCode(otp)) {
        if (!(await useRecoveryCode(db, userId, hashRecoveryCode(otp)))) throw invalidCode();
        return;
      }
      const step = matchingStep(readSecret(key, deps.refusedSecrets, factor.secret), otp);
      if (step === null) throw invalidCode();
      if (!(await useStep(db, userId, step))) {
        throw new AppError(400, secondFactorCodes.reused, messages.reused, { otp: [messages.reused] });
      }
    });
  }

  async function isEnrolled(userId: string): Promise<boolean> {
    return Boolean((await findSecondFactor(db, userId))?.enabledAt);
  }

  return {
    verify,
    isEnrolled,

    async status(user: AuthUser): Promise<SecondFactorStatus> {
      const [enrolled, recoveryCodesLeft] = await Promise.all([
        isEnrolled(user.id),
        countRecoveryCodesLeft(db, user.id),
      ]);
      const until = user.secondFactorAt ? user.secondFactorAt.getTime() + STEP_UP_MINUTES * 60_000 : 0;
      return {
        enrolled,
        verified: user.secondFactorAt !== null,
        stepUpUntil: until > Date.now() ? new Date(until).toISOString() : null,
        recoveryCodesLeft,
      };
    },

    /**
     * A new secret to scan, owned by this session: it is on only once this session confirms one of
     * its codes, and no other session can replace it while this one lives.
     */
    async startEnrolment(user: AuthUser, label: string): Promise<EnrolmentStart> {
      requireStaff(user);
      const secret = newTotpSecret();
      if (!(await savePendingSecret(db, user.id, user.sessionId, sealSecret(key, secret)))) {
        if ((await findSecondFactor(db, user.id))?.enabledAt) throw alreadyEnrolled();
        throw enrolmentElsewhere();
      }
      return { secret, otpauthUrl: otpauthUrl(secret, deps.issuer, label) };
    },

    /** Turns the second factor on; this session counts as signed in with a code. */
    async confirmEnrolment(user: AuthUser, otp: string) {
      requireStaff(user);
      return throttled(user.id, async () => {
        const pendingSecret = await pendingSecretOf(db, user);
        const step = isTotpCode(otp) ? matchingStep(readSecret(key, deps.refusedSecrets, pendingSecret), otp) : null;
        if (step === null) throw invalidCode();
        const recoveryCodes = await db.transaction(async (tx) => {
          if (!(await enableSecondFactor(tx, user.id, user.sessionId, pendingSecret, step))) throw notStarted();
          await markSessionVerified(tx, user.sessionId);
          await recordAudit(tx, {
            actorId: user.id,
            action: 'user.second_factor.enable',
            targetType: 'user',
            targetId: user.id,
            detail: audited(user.shortId, 'secondFactorEnabled'),
          });
          return newRecoveryCodes(user.id, tx);
        });
        await sessionCache.evictSession(user.sessionId);
        return { recoveryCodes };
      });
    },

    /** A code entered now: money and power actions pass for the next minutes; an unverified session becomes verified. */
    async stepUp(user: AuthUser, otp: string) {
      await verify(user.id, otp);
      await markSessionVerified(db, user.sessionId);
      await sessionCache.evictSession(user.sessionId);
    },

    /** Leaving the desk: the next money or power action asks for a code again. */
    async endStepUp(user: AuthUser) {
      await endStepUp(db, user.sessionId, STEP_UP_MINUTES);
      await sessionCache.evictSession(user.sessionId);
    },

    /** The old codes stop working; the new ones are shown once. */
    async regenerateRecoveryCodes(user: AuthUser) {
      if (!(await isEnrolled(user.id))) throw new AppError(409, secondFactorCodes.notEnrolled, messages.notEnrolled);
      const recoveryCodes = await db.transaction(async (tx) => {
        await recordAudit(tx, {
          actorId: user.id,
          action: 'user.second_factor.recovery_codes',
          targetType: 'user',
          targetId: user.id,
          detail: audited(user.shortId, 'recoveryCodesRenewed'),
        });
        return newRecoveryCodes(user.id, tx);
      });
      return { recoveryCodes };
    },

    /** Another staff member's reset; another admin's waits for a second admin (202). */
    reset: (actor: { id: string; shortId: string }, target: { id: string }) =>
      resetSecondFactor({ db, sessionCache }, actor, target),
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
