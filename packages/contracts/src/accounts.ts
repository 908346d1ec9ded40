import { z } from 'zod';
import { loginFormSchema } from './auth';
import { vietnamPhoneSchema } from './phone-number';
import { vietnamDay } from './vietnam-time';

/** The accounts' own refusals (sign-up, e-mail verification, password reset). */
export const accountCodes = {
  /** Sign-up asked of a site whose accounts are the game's (GAME_API_URL). */
  signUpElsewhere: 'api.account.sign_up_elsewhere',
  usernameTaken: 'api.account.username_taken',
  /** A verification or reset link that is unknown, spent or expired. */
  linkInvalid: 'api.account.link_invalid',
} as const;

/** A player under this age (in Vietnam's calendar) registers with a guardian (Decree 147/2024 Art. 39). */
export const GUARDIAN_AGE = 16;

/** Whole years from `birthDate` (YYYY-MM-DD) to today in Vietnam. */
export function ageInVietnam(birthDate: string, now: Date = new Date()): number {
  const [year, month, day] = vietnamDay(now).split('-').map(Number) as [number, number, number];
  const [bYear, bMonth, bDay] = birthDate.split('-').map(Number) as [number, number, number];
  const birthdayPassed = month > bMonth || (month === bMonth && day >= bDay);
  return year - bYear - (birthdayPassed ? 0 : 1);
}

/** True when the text holds a control character (CR and LF above all: header injection through a name or an address). */
const hasControl = (value: string) => [...value].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127);

const plainText = (required: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: 'account.nameLength', abort: true })
    .refine((value) => !hasControl(value), 'account.textControl');

/** A real calendar day, YYYY-MM-DD, after 1900 and not after today in Vietnam. */
export const birthDateSchema = z
  .string({ error: 'account.birthDateRequired' })
  .trim()
  .min(1, { error: 'account.birthDateRequired', abort: true })
  .refine(
    (value) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    },
    { error: 'account.birthDateInvalid', abort: true },
  )
  .refine((value) => value >= '1900-01-01' && value <= vietnamDay(new Date()), 'account.birthDateInvalid');

/** An e-mail address as sign-up and reset take it (lower-cased: one address, one account). */
export const emailSchema = z
  .string({ error: 'account.emailRequired' })
  .trim()
  .min(1, { error: 'account.emailRequired', abort: true })
  .max(254, { error: 'account.emailInvalid', abort: true })
  .refine((value) => !hasControl(value), { error: 'account.emailInvalid', abort: true })
  .pipe(z.email({ error: 'account.emailInvalid' }))
  .transform((value) => value.toLowerCase());

/** An empty optional field is no field. */
const blankless = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A new account's username: the sign-in rules, and only letters without marks, digits, `.`, `_`, `-`. */
export const newUsernameSchema = loginFormSchema.shape.username.regex(
  /^[a-zA-Z0-9._-]+$/,
  'account.usernameCharacters',
);

/**
 * Sign-up ("Đăng ký"): the same schema checks the form and the API. Under 16 in Vietnam's calendar the
 * guardian's name and phone are required; at 16 or over they are refused (not asked, not kept).
 */
export const signUpBodySchema = z
  .object({
    username: newUsernameSchema,
    password: loginFormSchema.shape.password,
    email: emailSchema,
    fullName: plainText('account.fullNameRequired', 100),
    birthDate: birthDateSchema,
    phone: vietnamPhoneSchema,
    guardianName: z.preprocess(blankless, plainText('account.guardianNameRequired', 100).optional()),
    guardianPhone: z.preprocess(blankless, vietnamPhoneSchema.optional()),
  })
  .superRefine((body, ctx) => {
    const minor = ageInVietnam(body.birthDate) < GUARDIAN_AGE;
    for (const field of ['guardianName', 'guardianPhone'] as const) {
      if (minor && body[field] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: field === 'guardianName' ? 'account.guardianNameRequired' : 'account.guardianPhoneRequired',
        });
      }
      if (!minor && body[field] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'account.guardianNotAsked' });
      }
    }
    if (minor && body.guardianPhone !== undefined && body.guardianPhone === body.phone) {
      ctx.addIssue({ code: 'custom', path: ['guardianPhone'], message: 'account.guardianPhoneSame' });
    }
  });
export type SignUpBody = z.infer<typeof signUpBodySchema>;
/** What the sign-up form's inputs hold. */
export type SignUpForm = z.input<typeof signUpBodySchema>;

/** The one answer of a sign-up, whoever already holds the address: where the link was sent. */
export const signUpResultSchema = z.object({ email: z.string() });
export type SignUpResult = z.infer<typeof signUpResultSchema>;

/** Whether this site takes sign-ups (no GAME_API_URL), for the sign-up page. */
export const accountOptionsSchema = z.object({ signUp: z.boolean() });
export type AccountOptions = z.infer<typeof accountOptionsSchema>;

/** A link's token, from the fragment of the address in the e-mail (43 base64url characters). */
export const linkTokenSchema = z
  .string({ error: accountCodes.linkInvalid })
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, accountCodes.linkInvalid);

export const verifyEmailBodySchema = z.object({ token: linkTokenSchema });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

/** "Gửi lại email xác minh" from the sign-in form: the username it holds. */
export const resendVerificationBodySchema = z.object({ username: loginFormSchema.shape.username });
export type ResendVerificationBody = z.infer<typeof resendVerificationBodySchema>;

/** "Quên mật khẩu?": a username or an e-mail address. */
export const passwordResetRequestSchema = z.object({
  login: z
    .string({ error: 'account.loginRequired' })
    .trim()
    .min(1, { error: 'account.loginRequired', abort: true })
    .max(254, { error: 'auth.credentialsLength', abort: true })
    .refine((value) => !hasControl(value), 'account.textControl'),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** The new password of a reset link: the sign-in rules. */
export const passwordResetBodySchema = z.object({
  token: linkTokenSchema,
  password: loginFormSchema.shape.password,
});
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;
