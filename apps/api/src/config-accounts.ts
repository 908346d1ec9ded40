import { phoneGates, type PhoneGate } from '@carabala/contracts';
import { z } from 'zod';

// The settings of the site's own accounts (sign-up, e-mail, password reset, phone verification), part
// of the one configuration `config.ts` reads and validates at start: their fields are spread into its
// schema and `checkAccountSettings` runs in its refinement.

/** `off`, or a comma-separated list of what an unverified phone may not do: buy, play, sign-in. */
const phoneGateList = z
  .string()
  .trim()
  .refine(
    (value) =>
      value === 'off' || value.split(',').every((gate) => (phoneGates as readonly string[]).includes(gate.trim())),
    { message: `"off" or a comma-separated list of ${phoneGates.join(', ')}` },
  );

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
  // SMS and phone verification (modules/phone, decision record 057)
  /**
   * How codes are sent: `http` (a gateway, SMS_HTTP_URL with SMS_HTTP_TOKEN) or `folder` (written to
   * SMS_FOLDER, demo only). Unset: the folder in the demo, otherwise no code can be sent.
   */
  SMS_PROVIDER: z.enum(['http', 'folder']).optional(),
  /** The gateway's send address: each SMS is one POST of JSON `{ to, text, sender, reference }`. */
  SMS_HTTP_URL: z.string().url().optional(),
  /** Sent as `Authorization: Bearer <token>`. */
  SMS_HTTP_TOKEN: z.string().min(8).optional(),
  /** The registered brandname the SMS shows as its sender (at most 11 characters); the gateway's default if unset. */
  SMS_SENDER: z.string().min(1).max(11).optional(),
  SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  /** Where the demo writes the SMS it would have sent, one file each. */
  SMS_FOLDER: z.string().min(1).default('./data/sms'),
  /**
   * What a player whose phone is not verified may not do: `off`, or a list of `buy`, `play` (the game's
   * sign-in and its session check), `sign-in` (the site's). Unset: `buy,play` in production, off otherwise.
   */
  PHONE_VERIFICATION_REQUIRED: phoneGateList.optional(),

  // VIP tiers (modules/vip, decision record 059)
  /** How often the worker sends the month's tier gifts to players who have not had theirs (ms). */
  VIP_GIFT_POLL_MS: z.coerce.number().int().min(60_000).max(86_400_000).default(3_600_000),
};

type AccountSettings = z.infer<z.ZodObject<typeof accountSettings>>;

/** What an unverified phone may not do, from PHONE_VERIFICATION_REQUIRED and its default (decision record 057). */
export function phoneGatesOf(value: Pick<AccountSettings, 'PHONE_VERIFICATION_REQUIRED'> & { NODE_ENV: string }) {
  const setting = value.PHONE_VERIFICATION_REQUIRED ?? (value.NODE_ENV === 'production' ? 'buy,play' : 'off');
  if (setting === 'off') return [] as PhoneGate[];
  return [...new Set(setting.split(',').map((gate) => gate.trim() as PhoneGate))];
}

/** How codes go out: the gateway, the demo's folder, or not at all. */
export function smsModeOf(value: Pick<AccountSettings, 'SMS_PROVIDER'>, demo: boolean): 'http' | 'folder' | 'none' {
  return value.SMS_PROVIDER ?? (demo ? 'folder' : 'none');
}

/** Checks across account settings; `production` is NODE_ENV=production, `demo` is DEMO_MODE. */
export function checkAccountSettings(
  value: AccountSettings,
  mode: { production: boolean; demo: boolean },
  issue: (path: string, message: string) => void,
): void {
  if (value.SMS_PROVIDER === 'http' && (!value.SMS_HTTP_URL || !value.SMS_HTTP_TOKEN)) {
    issue('SMS_PROVIDER', 'SMS_PROVIDER=http needs SMS_HTTP_URL and SMS_HTTP_TOKEN');
  }
  if (value.SMS_PROVIDER === 'folder' && !mode.demo) {
    issue('SMS_PROVIDER', 'SMS_PROVIDER=folder (codes written to a folder) is for the demo only (DEMO_MODE)');
  }
  const gates = phoneGatesOf({ ...value, NODE_ENV: mode.production ? 'production' : 'other' });
  if (mode.production && gates.length > 0 && smsModeOf(value, mode.demo) !== 'http') {
    issue(
      'SMS_PROVIDER',
      `PHONE_VERIFICATION_REQUIRED (${gates.join(',')}) needs an SMS gateway (SMS_PROVIDER=http): players could never verify`,
    );
  }
  // An SMTP URL names its protocol: anything else is a typo that would leave every e-mail waiting.
  if (value.SMTP_URL && !/^smtps?:\/\//.test(value.SMTP_URL)) issue('SMTP_URL', 'must start with smtp:// or smtps://');
}
