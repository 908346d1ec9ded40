import {
  maskVietnamPhone,
  PHONE_RESEND_SECONDS,
  phoneCodes,
  type PhoneGate,
  type PhoneStatus,
  type PhoneTarget,
} from '@carabala/contracts';
import type { Db } from '../../lib/deps';
import { AppError } from '../../plugins/errors';
import { phoneHeldByOther, phoneStateOf, type PhoneState } from '../users';
import type { RecentSends } from './repository';

/** The throttle of sends, per hour (decision record 057). */
export const phoneSendLimits = { windowSeconds: 3600, perPhone: 5, perAccount: 8, perAddress: 20 } as const;

/** The account's numbers; a session whose account is gone is signed out. */
export async function stateOf(db: Db, userId: string): Promise<PhoneState> {
  const state = await phoneStateOf(db, userId);
  if (!state) throw new AppError(401, 'api.unauthorized');
  return state;
}

/** The number a code for `target` goes to (the account's, a new one, or the guardian's), or the refusal. */
export async function numberFor(db: Db, userId: string, target: PhoneTarget, newPhone: string | undefined) {
  const state = await stateOf(db, userId);
  if (target === 'guardian') {
    if (!state.guardianPhone) throw new AppError(409, phoneCodes.noGuardian, phoneCodes.noGuardian);
    return state.guardianPhone;
  }
  const phone = newPhone ?? state.phone;
  if (!phone) {
    throw new AppError(409, phoneCodes.noPhone, phoneCodes.noPhone, { phone: [phoneCodes.noPhone] });
  }
  if (await phoneHeldByOther(db, phone, userId)) {
    throw new AppError(409, phoneCodes.taken, phoneCodes.taken, { phone: [phoneCodes.taken] });
  }
  return phone;
}

/** The wait the throttle imposes on a send at `now`, in seconds; 0 when it may go. */
export function waitOf(sends: RecentSends, now: number): number {
  const until = (first: Date | null) => (first ? first.getTime() + phoneSendLimits.windowSeconds * 1000 - now : 0);
  const waits = [0];
  if (sends.lastToPhone) waits.push(sends.lastToPhone.getTime() + PHONE_RESEND_SECONDS * 1000 - now);
  if (sends.toPhone >= phoneSendLimits.perPhone) waits.push(until(sends.firstToPhone));
  if (sends.byUser >= phoneSendLimits.perAccount) waits.push(until(sends.firstByUser));
  if (sends.byAddress >= phoneSendLimits.perAddress) waits.push(until(sends.firstByAddress));
  return Math.max(...waits) / 1000;
}

/** What the page shows: each number masked and whether it is verified, and what the policy requires. */
export async function statusOf(
  db: Db,
  userId: string,
  gates: readonly PhoneGate[],
  smsAvailable: boolean,
): Promise<PhoneStatus> {
  const state = await stateOf(db, userId);
  return {
    phone: state.phone ? { phone: maskVietnamPhone(state.phone), verified: Boolean(state.phoneVerifiedAt) } : null,
    guardian: state.guardianPhone
      ? {
          name: state.guardianName ?? '',
          phone: maskVietnamPhone(state.guardianPhone),
          verified: Boolean(state.guardianPhoneVerifiedAt),
        }
      : null,
    requiredFor: [...gates],
    smsAvailable,
  };
}
