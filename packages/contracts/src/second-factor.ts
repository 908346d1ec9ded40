import { z } from 'zod';
import { sentence } from './envelope';

/** The staff second factor (TOTP, RFC 6238) and step-up: codes, messages and bodies (decision record 029). */
export const secondFactorCodes = {
  /** A staff call from a session that has not entered a code (428: the web asks for it, it does not sign out). */
  required: 'api.auth.second_factor_required',
  /** A money or power action whose session entered no code in the last minutes (428). */
  stepUpRequired: 'api.auth.step_up_required',
  invalid: 'api.auth.second_factor.invalid',
  reused: 'api.auth.second_factor.reused',
  alreadyEnrolled: 'api.auth.second_factor.already_enrolled',
  notEnrolled: 'api.auth.second_factor.not_enrolled',
  notStarted: 'api.auth.second_factor.not_started',
  demoSecret: 'api.auth.second_factor.demo_secret',
  selfReset: 'api.auth.second_factor.self_reset',
  /** 409: another live session of the account started the enrolment; only that session may restart or confirm it. */
  enrolmentElsewhere: 'api.auth.second_factor.enrolment_elsewhere',
} as const;

/** How long a code entered in a session counts for a money or power action. */
export const STEP_UP_MINUTES = 10;
export const RECOVERY_CODE_COUNT = 10;

/** What the forms and refusals say: the codes' own sentences, and the form's checks. */
export const secondFactorMessages = {
  ...secondFactorCodes,
  format: 'secondFactor.format',
  staffOnly: 'secondFactor.staffOnly',
  tooManyAttempts: (minutes: number) => sentence('secondFactor.tooManyAttempts', { minutes }),
} as const;

/** The 6 digits of the authenticator app, or a recovery code (`xxxxx-xxxxx`, case and dash ignored). */
export const otpSchema = z
  .string({ error: secondFactorMessages.format })
  .trim()
  .min(6, secondFactorMessages.format)
  .max(20, secondFactorMessages.format)
  .regex(/^(\d{6}|[0-9A-Za-z]{5}-?[0-9A-Za-z]{5})$/, secondFactorMessages.format);

export const otpBodySchema = z.object({ otp: otpSchema });
export type OtpBody = z.infer<typeof otpBodySchema>;

export const enrolmentStartSchema = z.object({
  /** The shared secret in base32, for typing into an authenticator app. */
  secret: z.string(),
  /** The `otpauth://totp/...` address the QR code carries. */
  otpauthUrl: z.string(),
});
export type EnrolmentStart = z.infer<typeof enrolmentStartSchema>;

/** Shown once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const secondFactorStatusSchema = z.object({
  enrolled: z.boolean(),
  /** This session entered a code (at sign-in or since). */
  verified: z.boolean(),
  /** Until when money and power actions pass without a new code; null when they need one now. */
  stepUpUntil: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;
