import { z } from 'zod';

// The settings of the site's own accounts (sign-up, e-mail, password reset, phone verification), part
// of the one configuration `config.ts` reads and validates at start: their fields are spread into its
// schema and `checkAccountSettings` runs in its refinement.

/** The account settings' fields, each with its default. */
export const accountSettings = {
  // E-mail (modules/email)
  /** The mail server, smtp:// or smtps:// with its user and password; unset: e-mails wait in the outbox. */
  SMTP_URL: z.string().url().optional(),
  /** The sender of every e-mail, an address or `Name <address>`; unset: the site's name at no-reply@ its host. */
  EMAIL_FROM: z
    .string()
    .max(320)
    .regex(/^[^\r\n]+$/, 'one line')
    .optional(),
  /** Demo mode without SMTP_URL: the folder the e-mails are written to (.eml files) instead of sent. */
  MAIL_DIR: z.string().min(1).default('./data/mail'),
  /** Attempts at sending one e-mail before it is dead (shown to staff with its error). */
  EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** How often the e-mail worker looks at the outbox when no event woke it. */
  EMAIL_POLL_MS: z.coerce.number().int().min(100).default(5000),
  /** How often recently paid orders are checked for a receipt that was never queued. */
  EMAIL_RECEIPT_SWEEP_MS: z.coerce.number().int().min(1000).default(60_000),

  // Sign-up, e-mail verification and password reset (modules/accounts, decision record 056)
  /** How long a verification link works, in hours. */
  ACCOUNT_VERIFY_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /** How long a password reset link works, in minutes. */
  PASSWORD_RESET_MINUTES: z.coerce.number().int().min(5).max(120).default(30),
  /** Sign-ups (made or refused) per client address per hour. */
  SIGN_UPS_PER_IP_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Verification and reset e-mails asked per client address per hour. */
  ACCOUNT_MAILS_PER_IP_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Verification and reset e-mails per account, and per username or address asked, per hour. */
  ACCOUNT_MAILS_PER_ACCOUNT_HOUR: z.coerce.number().int().min(1).max(100).default(3),
};

type AccountSettings = z.infer<z.ZodObject<typeof accountSettings>>;

/** Checks across account settings; `production` is NODE_ENV=production, `demo` is DEMO_MODE. */
export function checkAccountSettings(
  value: AccountSettings,
  _mode: { production: boolean; demo: boolean },
  issue: (path: string, message: string) => void,
): void {
  // An SMTP URL names its protocol: anything else is a typo that would leave every e-mail waiting.
  if (value.SMTP_URL && !/^smtps?:\/\//.test(value.SMTP_URL)) issue('SMTP_URL', 'must start with smtp:// or smtps://');
}
