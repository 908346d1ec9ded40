import { z } from 'zod';

// The settings of the site's own accounts (sign-up, e-mail, password reset, phone verification), part
// of the one configuration `config.ts` reads and validates at start: their fields are spread into its
// schema and `checkAccountSettings` runs in its refinement.

/** The account settings' fields, each with its default. */
export const accountSettings = {
  // E-mail (modules/email)
  /** The mail server, smtp:// or smtps:// with its user and password; unset: e-mails wait in the outbox. */
  SMTP_URL: z.string().url().optional(),

  // VIP tiers (modules/vip, decision record 059)
  /** How often the worker sends the month's tier gifts to players who have not had theirs (ms). */
  VIP_GIFT_POLL_MS: z.coerce.number().int().min(60_000).max(86_400_000).default(3_600_000),
};

type AccountSettings = z.infer<z.ZodObject<typeof accountSettings>>;

/** Checks across account settings; `production` is NODE_ENV=production, `demo` is DEMO_MODE. */
export function checkAccountSettings(
  _value: AccountSettings,
  _mode: { production: boolean; demo: boolean },
  _issue: (path: string, message: string) => void,
): void {}
