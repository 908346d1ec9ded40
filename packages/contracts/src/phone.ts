import { z } from 'zod';
import { sentence } from './envelope';
import { normalizeVietnamPhone } from './phone-number';

/**
 * Phone verification by SMS (issue 42, decision record 057): a 6-digit code sent to the account's
 * mobile number (or to a new one, which becomes the account's once verified) or to the guardian's,
 * and the policy deciding what an unverified number may not do.
 */
export const phoneCodes = {
  /** 503: no SMS provider is configured (and not the demo): no code can be sent. */
  smsUnavailable: 'api.phone.sms_unavailable',
  /** 502: the SMS provider refused or did not answer; nothing was sent. */
  smsFailed: 'api.phone.sms_failed',
  /** 429: too many codes for this number, account or address; the sentence says how long to wait. */
  wait: 'api.phone.wait',
  codeInvalid: 'api.phone.code_invalid',
  /** No live code: never sent, already used, superseded by a newer one, or past its minutes. */
  codeExpired: 'api.phone.code_expired',
  /** The code took its wrong tries: a new one must be sent. */
  codeLocked: 'api.phone.code_locked',
  /** The account has no number (or no guardian's number) to send to. */
  noPhone: 'api.phone.no_phone',
  noGuardian: 'api.phone.no_guardian',
  /** 409: another account already holds the number. */
  taken: 'api.phone.taken',
  /** 403: the policy requires a verified number for this (buying, playing, signing in). */
  required: 'api.phone.verification_required',
} as const;

/** What the player may do only with a verified number, as PHONE_VERIFICATION_REQUIRED lists it. */
export const phoneGates = ['buy', 'play', 'sign-in'] as const;
export type PhoneGate = (typeof phoneGates)[number];

/** The web's page where a player verifies their number; every refusal of the policy links to it. */
export const PHONE_VERIFICATION_PATH = '/account/phone';
export const PHONE_CODE_DIGITS = 6;
/** How long a code works. */
export const PHONE_CODE_MINUTES = 5;
/** Wrong tries a code takes before it is locked. */
export const PHONE_CODE_TRIES = 5;
/** How long before another code may go to the same number (the page's countdown). */
export const PHONE_RESEND_SECONDS = 60;

export const phoneMessages = {
  ...phoneCodes,
  /** A wait under two minutes in seconds, longer ones in minutes. */
  wait: (seconds: number) =>
    seconds < 120
      ? sentence('api.phone.wait', { seconds })
      : sentence('api.phone.wait_minutes', { minutes: Math.ceil(seconds / 60) }),
  codeInvalid: (triesLeft: number) => sentence('api.phone.code_invalid', { triesLeft }),
  required: (gate: PhoneGate) => sentence(`api.phone.required_${gate.replace('-', '_')}`),
  receiverRequired: (shortId: string) => sentence('api.phone.required_receiver', { shortId }),
  codeFormat: 'api.phone.code_format',
  numberInvalid: 'api.phone.number_invalid',
} as const;

export const phoneTargetSchema = z.enum(['phone', 'guardian']);
export type PhoneTarget = z.infer<typeof phoneTargetSchema>;

/** A Vietnamese mobile number as people write it, answered normalised (+84…). */
export const phoneNumberInputSchema = z
  .string({ error: phoneMessages.numberInvalid })
  .trim()
  .max(30, { error: phoneMessages.numberInvalid, abort: true })
  .transform((value, ctx) => {
    const normalized = normalizeVietnamPhone(value);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: phoneMessages.numberInvalid });
      return z.NEVER;
    }
    return normalized;
  });

/** POST /api/phone/codes: a code to the account's number, to a new number (`phone`), or to the guardian's. */
export const phoneCodeRequestSchema = z.object({
  target: phoneTargetSchema.default('phone'),
  /** A new number for the account (target `phone` only): it becomes the account's once the code is entered. */
  phone: phoneNumberInputSchema.optional(),
});
export type PhoneCodeRequest = z.input<typeof phoneCodeRequestSchema>;

export const phoneCodeSentSchema = z.object({
  /** The number the code went to, masked (0912 *** 678). */
  sentTo: z.string(),
  expiresAt: z.string(),
  /** When another code may be asked for this number. */
  resendAt: z.string(),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

export const phoneVerifyBodySchema = z.object({
  target: phoneTargetSchema.default('phone'),
  code: z
    .string({ error: phoneMessages.codeFormat })
    .trim()
    .regex(/^\d{6}$/, { error: phoneMessages.codeFormat }),
});
export type PhoneVerifyBody = z.input<typeof phoneVerifyBodySchema>;

const numberStateSchema = z.object({
  /** Masked (0912 *** 678). */
  phone: z.string(),
  verified: z.boolean(),
});

/** GET /api/phone: the account's number and the guardian's, each masked, and what the policy requires. */
export const phoneStatusSchema = z.object({
  phone: numberStateSchema.nullable(),
  guardian: numberStateSchema.extend({ name: z.string() }).nullable(),
  /** What an unverified number may not do here. */
  requiredFor: z.array(z.enum(phoneGates)),
  /** Whether codes can be sent at all (a provider, or the demo's folder). */
  smsAvailable: z.boolean(),
});
export type PhoneStatus = z.infer<typeof phoneStatusSchema>;

/** 0912 *** 678: a normalised number with its middle hidden. */
export function maskVietnamPhone(normalized: string): string {
  const national = normalized.replace(/^\+84/, '0');
  return `${national.slice(0, 4)} *** ${national.slice(-3)}`;
}
