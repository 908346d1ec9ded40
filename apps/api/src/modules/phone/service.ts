import { createHmac, randomInt } from 'node:crypto';
import {
  maskVietnamPhone,
  PHONE_CODE_MINUTES,
  PHONE_RESEND_SECONDS,
  PHONE_CODE_TRIES,
  phoneCodes,
  phoneMessages,
  type PhoneCodeSent,
  type PhoneGate,
  type PhoneStatus,
  type PhoneTarget,
} from '@carabala/contracts';
import { isStaff } from '@carabala/contracts/permissions';
import type { Db, Logger } from '../../lib/deps';
import { text } from '../../lib/sentences';
import { AppError } from '../../plugins/errors';
import {
  markGuardianPhoneVerified,
  markPhoneVerified,
  phoneHeldByOther,
  phoneStateOf,
  type PhoneState,
} from '../users';
import { numberFor, phoneSendLimits, statusOf, waitOf } from './numbers';
import { deleteCode, insertCode, lockSends, purgeOldCodes, recentSends, tryCode } from './repository';
import { SmsNotSent, type SmsSender } from './sms';

export { phoneSendLimits } from './numbers';

export interface PhoneDeps {
  db: Db;
  log: Logger;
  /** Null: no provider and not the demo; no code can be sent. */
  sms: SmsSender | null;
  /** The HMAC key of the codes at rest (derived from JWT_SECRET). */
  key: Uint8Array;
  /** What an unverified phone may not do (PHONE_VERIFICATION_REQUIRED). */
  gates: readonly PhoneGate[];
  brand: string;
}

type Target = PhoneTarget;
type Player = { id: string; role: string };

/** Verified enough for the policy: the account's own number, and the guardian's when it has one. */
export const phoneVerified = (state: PhoneState) =>
  Boolean(state.phone && state.phoneVerifiedAt) && (!state.guardianPhone || Boolean(state.guardianPhoneVerifiedAt));

export function createPhoneService({ db, log, sms, key, gates, brand }: PhoneDeps) {
  const hashOf = (code: string) => createHmac('sha256', key).update(code).digest('hex');
  const wait = (seconds: number) =>
    new AppError(429, phoneCodes.wait, phoneMessages.wait(Math.max(1, Math.ceil(seconds))));

  const status = (userId: string) => statusOf(db, userId, gates, sms !== null);

  return {
    status,

    /**
     * Sends a new code to the account's number, a new number for it, or the guardian's. The throttle
     * (one code a minute per number; a few an hour per number, account and address) answers 429 with
     * the wait. Without a provider: 503 `api.phone.sms_unavailable`, never a pretended send.
     */
    async sendCode(user: Player, body: { target: Target; phone?: string }, address: string): Promise<PhoneCodeSent> {
      if (body.target === 'guardian' && body.phone) {
        throw new AppError(400, 'api.validation', phoneMessages.numberInvalid, {
          phone: [phoneMessages.numberInvalid],
        });
      }
      const phone = await numberFor(db, user.id, body.target, body.phone);
      if (!sms) throw new AppError(503, phoneCodes.smsUnavailable, phoneCodes.smsUnavailable);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(Date.now() + PHONE_CODE_MINUTES * 60_000);
      const sent = await db.transaction(async (tx) => {
        await lockSends(tx, user.id, phone);
        const sends = await recentSends(tx, { userId: user.id, phone, address }, phoneSendLimits.windowSeconds);
        const seconds = waitOf(sends, Date.now());
        if (seconds > 0) return { wait: seconds } as const;
        const row = await insertCode(tx, {
          userId: user.id,
          target: body.target,
          phone,
          codeHash: hashOf(code),
          address,
          expiresAt,
        });
        return { row } as const;
      });
      if ('wait' in sent) throw wait(sent.wait!);
      try {
        await sms.sendSms(phone, text('server.phone.sms', { code, brand, minutes: PHONE_CODE_MINUTES }));
      } catch (error) {
        await deleteCode(db, sent.row.id);
        if (!(error instanceof SmsNotSent)) throw error;
        log.warn({ err: error.message }, 'phone code not sent');
        throw new AppError(502, phoneCodes.smsFailed, phoneCodes.smsFailed);
      }
      await purgeOldCodes(db);
      return {
        sentTo: maskVietnamPhone(phone),
        expiresAt: expiresAt.toISOString(),
        resendAt: new Date(sent.row.createdAt.getTime() + PHONE_RESEND_SECONDS * 1000).toISOString(),
      };
    },

    /**
     * Checks a code against the account's latest one for `target`; on a match the number is the
     * account's (or the guardian's), verified now, in the same transaction. A wrong code costs one of
     * its tries, and says how many are left.
     */
    async verify(user: Player, body: { target: Target; code: string }): Promise<PhoneStatus> {
      const outcome = await db.transaction(async (tx) => {
        const use = await tryCode(tx, {
          userId: user.id,
          target: body.target,
          codeHash: hashOf(body.code),
          maxTries: PHONE_CODE_TRIES,
        });
        if (use.kind !== 'matched') return use;
        if (body.target === 'guardian') {
          return (await markGuardianPhoneVerified(tx, user.id, use.phone)) ? use : ({ kind: 'expired' } as const);
        }
        if (await phoneHeldByOther(tx, use.phone, user.id)) return { kind: 'taken' } as const;
        await markPhoneVerified(tx, user.id, use.phone);
        return use;
      });
      if (outcome.kind === 'wrong') {
        const words = phoneMessages.codeInvalid(outcome.triesLeft);
        throw new AppError(400, phoneCodes.codeInvalid, words, { code: [words] });
      }
      if (outcome.kind === 'expired') {
        throw new AppError(400, phoneCodes.codeExpired, phoneCodes.codeExpired, { code: [phoneCodes.codeExpired] });
      }
      if (outcome.kind === 'locked') {
        throw new AppError(400, phoneCodes.codeLocked, phoneCodes.codeLocked, { code: [phoneCodes.codeLocked] });
      }
      if (outcome.kind === 'taken') throw new AppError(409, phoneCodes.taken, phoneCodes.taken);
      return status(user.id);
    },

    /**
     * The policy (decision record 057): refuses a player whose phone is not verified when `gate` is one
     * PHONE_VERIFICATION_REQUIRED names. Staff accounts are the site's own, not players: never refused.
     * `receiverShortId`: the account is a guest order's receiver, and the refusal says so on `shortId`.
     */
    async requireVerified(userId: string, gate: PhoneGate, receiverShortId: string | null = null): Promise<void> {
      if (!gates.includes(gate)) return;
      const state = await phoneStateOf(db, userId);
      if (!state || isStaff(state.role) || phoneVerified(state)) return;
      if (receiverShortId) {
        const words = phoneMessages.receiverRequired(receiverShortId);
        throw new AppError(403, phoneCodes.required, words, { shortId: [words] });
      }
      throw new AppError(403, phoneCodes.required, phoneMessages.required(gate));
    },

    /** Whether the account's phone counts as verified (the game's session check tells the game). */
    async isVerified(userId: string): Promise<boolean> {
      const state = await phoneStateOf(db, userId);
      return state ? phoneVerified(state) : false;
    },
  };
}

export type PhoneService = ReturnType<typeof createPhoneService>;
