import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { accountSettings, checkAccountSettings } from './config-accounts';

/** The documented demo key of the bank-feed webhook: it opens the webhook only in demo mode; refused in production. */
export const DEMO_SEPAY_API_KEY = 'demo-sepay-key-change-me';
/**
 * The demo keys of the game contract (the reference game server and the demo read the same values):
 * accepted outside production only, like the demo SePay key.
 */
export const DEMO_GAME_API_SECRET = 'demo-game-api-secret-change-me';
export const DEMO_GAME_CALLBACK_SECRET = 'demo-game-callback-secret-change-me';
/** Secrets once written in this repository (old defaults): public, so never accepted as a secret. */
const PUBLISHED_SECRETS = ['demo-secret-change-me-demo-secret-change-me', 'demo-mailbox-secret-change-me'];
const notPublished = (value: string | undefined) => value === undefined || !PUBLISHED_SECRETS.includes(value);
const publishedMessage = 'this value is published in the repository; use a random secret';
/** OWASP's minimum for Argon2id (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane; less is refused. */
export const ARGON2_MINIMUM = { memoryKib: 19_456, passes: 2, lanes: 1 } as const;
/** A whole number setting: its default, and the least (1 unless said) and most it may be. */
const int = (fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback);
const seconds = (fallback: number) => int(fallback, 1, 3600);

const booleanish = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /**
     * Demo mode: the demo accounts and data seeded into an empty database, the demo payment button
     * (simulate route) and the demo SePay key. Off unless set, whatever NODE_ENV is; production refuses it.
     */
    DEMO_MODE: booleanish.default(false),
    ...accountSettings,
    HOST: z.string().default('127.0.0.1'),
    PORT: int(4000, 0, 65535),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Answers slower than this many milliseconds are logged (warn); no other request is logged. */
    SLOW_REQUEST_MS: int(1000),
    DATABASE_URL: z.string().url().optional(),
    DATABASE_POOL_SIZE: int(10, 1, 200),
    PGLITE_DIR: z.string().default('./data/db'),
    REDIS_URL: z.string().url().optional(),
    /** The root of the signing keys (sessions, linking steps, image addresses: lib/keys.ts). Unset outside production: JWT_SECRET_FILE. */
    JWT_SECRET: z.string().min(32).optional().refine(notPublished, publishedMessage),
    /** Outside production without JWT_SECRET: a random secret made at first start, kept here (owner-only), reused after. */
    JWT_SECRET_FILE: z.string().min(1).default('./data/jwt-secret'),
    /** Argon2id cost of password hashes; hashes made with other values are redone at the next sign-in. */
    ARGON2_MEMORY_KIB: int(ARGON2_MINIMUM.memoryKib, ARGON2_MINIMUM.memoryKib, 4_194_304),
    ARGON2_PASSES: int(ARGON2_MINIMUM.passes, ARGON2_MINIMUM.passes, 100),
    ARGON2_LANES: int(ARGON2_MINIMUM.lanes, ARGON2_MINIMUM.lanes, 64),
    /** A connection silent this long (nothing sent either way, e.g. never a request) is closed. */
    HTTP_IDLE_TIMEOUT_SECONDS: seconds(30),
    /** How long a kept-alive connection waits for its next request: above nginx's upstream keepalive_timeout (3 s). */
    HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: seconds(20),
    /** A request's headers must arrive within this (408 otherwise). */
    HTTP_HEADERS_TIMEOUT_SECONDS: seconds(10),
    /** A whole request (headers and body) must arrive within this (408 otherwise). */
    HTTP_REQUEST_TIMEOUT_SECONDS: seconds(30),
    /** How long a verified session is reused without asking the database; revocation evicts it at once. */
    SESSION_CACHE_SECONDS: int(30, 0, 300),
    SESSION_TTL_DAYS: int(30, 1, 365),
    PRODUCT_NAME: z
      .string()
      .regex(/^[a-z][a-z0-9-]{1,30}$/)
      .default('carabala'),
    BRAND_NAME: z.string().min(1).default('Carabala'),
    /** Whose X-Forwarded-For to believe: 'loopback' (the web app's proxy on this host), true, false, or addresses. */
    TRUST_PROXY: z
      .string()
      .default('loopback')
      .transform((value) => (value === 'true' ? true : value === 'false' ? false : value)),
    /**
     * The OpenAPI page and document (/api/docs, /api/docs/json): `private` on the API's own address
     * only (never through nginx or the web's /api forward), `off` nowhere. Decision record 040.
     */
    API_DOCS: z.enum(['private', 'off']).default('private'),
    /** Bearer token Prometheus sends to read /api/metrics; unset, the route does not exist. */
    METRICS_TOKEN: z.string().min(16).optional(),
    RATE_LIMIT_PER_MINUTE: int(600),
    LOGIN_FAILURES_PER_ACCOUNT: int(5),
    LOGIN_FAILURES_PER_IP: int(30),
    LOGIN_FAILURE_WINDOW_SECONDS: int(900),
    /** The site's public address; the Google redirect target is PUBLIC_WEB_URL + /auth/google. */
    PUBLIC_WEB_URL: z.string().url().default('http://localhost:3000'),
    /** Google sign-in is offered only when both are set. */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** The OpenID issuer whose discovery document gives the endpoints and keys. */
    GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
    /** Facebook sign-in is offered only when both are set. */
    FACEBOOK_APP_ID: z.string().min(1).optional(),
    FACEBOOK_APP_SECRET: z.string().min(1).optional(),
    FACEBOOK_GRAPH_URL: z.string().url().default('https://graph.facebook.com'),
    UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
    /** Where ticket images live: a local folder, or an S3-compatible bucket shared by every API host. */
    UPLOAD_STORAGE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanish.default(true),
    /** Largest still image (width x height) and animation (width x height x frames) decoded; about 0.5 s each. */
    UPLOAD_MAX_PIXELS: int(16_000_000),
    UPLOAD_MAX_ANIMATED_PIXELS: int(3_000_000),
    /** How long the signed image addresses given with a ticket stay valid. */
    UPLOAD_URL_TTL_SECONDS: int(900, 60, 86_400),
    /** Uploaded images not attached to a ticket after this many hours are deleted by the worker. */
    UPLOAD_UNATTACHED_HOURS: int(24),
    /**
     * Staff's public pictures (packs, home slides, news covers) that no pack, order, slide or article
     * names are deleted by the worker once older than this many hours (at least 1: a picture just
     * uploaded may be waiting for its form to be saved).
     */
    UPLOAD_UNUSED_ART_HOURS: int(24, 1, 8760),
    UPLOADS_PER_WINDOW: int(30),
    TICKETS_PER_WINDOW: int(10),
    TICKET_WINDOW_SECONDS: int(3600),
    /** How many days after an answer a player may reopen the ticket with a follow-up. */
    TICKET_REOPEN_DAYS: int(14, 0, 365),
    /**
     * Receivers named per address and per signed-in player, per window: every look-up (a User ID's name
     * before an order) counts, and so does an order for a User ID new to that address or player, since
     * the order's public read names its receiver too. One budget, so neither call lists names faster.
     */
    USER_LOOKUPS_PER_IP: int(60),
    USER_LOOKUPS_PER_PLAYER: int(30),
    USER_LOOKUP_WINDOW_SECONDS: int(600),
    /** Order look-ups (a guest finds an order by its code and receiver's User ID) per address, per USER_LOOKUP_WINDOW_SECONDS. */
    ORDER_LOOKUPS_PER_IP: int(10),
    /**
     * Orders made without signing in: per address within ORDER_PAYMENT_MINUTES (every such order still
     * unpaid is among them), and unpaid ones per receiver (decision record 041).
     */
    GUEST_ORDERS_PER_IP: int(5),
    GUEST_OPEN_ORDERS_PER_RECEIVER: int(3),
    /**
     * A guest's order of a pack with a stock holds its unit, and can be paid, for this many minutes (at
     * most ORDER_PAYMENT_MINUTES); a transfer made later is held for review as late (decision record 041).
     */
    GUEST_STOCK_HOLD_MINUTES: z.coerce.number().min(0.05).max(1440).default(10),
    /** A "new players only" gift code accepts accounts younger than this many days. */
    GIFT_CODE_NEW_PLAYER_DAYS: int(7, 1, 3650),
    /** Unknown-code guesses allowed per player, and per IP (several players may share one), per window. */
    GIFT_CODE_FAILURES_PER_PLAYER: int(10),
    GIFT_CODE_FAILURES_PER_IP: int(100),
    GIFT_CODE_FAILURE_WINDOW_SECONDS: int(900),
    SEPAY_API_KEY: z.string().min(16).default(DEMO_SEPAY_API_KEY),
    /** SePay's API v2 (transaction list), pulled to find transfers whose webhooks were all missed. */
    SEPAY_API_URL: z.string().url().default('https://userapi.sepay.vn/v2'),
    /** The pull runs only with a token (Company settings → API Access). */
    SEPAY_API_TOKEN: z.string().min(1).optional(),
    SEPAY_PULL_MINUTES: z.coerce.number().min(0.01).max(1440).default(5),
    BANK_NAME: z.string().min(1).default('MB Bank'),
    BANK_BIN: z
      .string()
      .regex(/^\d{6}$/)
      .default('970422'),
    BANK_ACCOUNT_NUMBER: z
      .string()
      .regex(/^[0-9A-Za-z]{1,19}$/)
      .default('0123456789'),
    BANK_ACCOUNT_NAME: z.string().min(1).default('CONG TY TNHH CARABALA VIET NAM'),
    ORDER_CODE_PREFIX: z
      .string()
      .regex(/^[A-Z]{2,6}$/)
      .default('CRB'),
    /** How long an order can be paid for; a transfer made later is held for review (decision record 032). */
    ORDER_PAYMENT_MINUTES: z.coerce.number().min(0.1).max(1440).default(30),
    /** Staff send back money held for review within this many days of its arrival: the player is told by when. */
    HELD_MONEY_REFUND_DAYS: int(3, 1, 60),
    /** A bank transfer of more dong than this credits nothing and is held for review (`too_large`). */
    BANK_EVENT_MAX_AMOUNT: int(10_000_000_000),
    /** Open order streams (GET /api/transactions/bank/{id}/events) one API process serves at most. */
    ORDER_STREAMS_MAX: int(2000, 1, 100_000),
    /** Of those, one client address (an IPv6 /64) holds at most this many, and one order this many. */
    ORDER_STREAMS_PER_ADDRESS: int(20, 1, 100_000),
    ORDER_STREAMS_PER_ORDER: int(4, 1, 100_000),
    /** A mark-paid, attach or refund that takes its member's own 24-hour total to this many dong waits for a second admin (decision record 030). */
    APPROVAL_THRESHOLD_VND: int(500_000),
    /**
     * The game's back end (docs/game-api.md). Unset: the embedded account service answers the contract
     * in-process (the site's own players, the demo). Set: players, their servers and characters, and the
     * mails go to the game, and the site keeps only shadows of players, never their passwords.
     */
    GAME_API_URL: z.string().url().optional(),
    /** The HMAC key of the site's calls to GAME_API_URL; required with it. */
    GAME_API_SECRET: z.string().min(16).optional().refine(notPublished, publishedMessage),
    /** The HMAC key of the game's calls to the site (/api/game/v1/*); unset, those routes do not exist. */
    GAME_CALLBACK_SECRET: z.string().min(16).optional().refine(notPublished, publishedMessage),
    /** A call to the game (sign-in, look-up, item list) that takes longer is given up (mails: MAILBOX_TIMEOUT_MS). */
    GAME_API_TIMEOUT_MS: int(3000, 100, 60_000),
    /** How long a look-up of a User ID is reused, and served while the game is away. */
    GAME_LOOKUP_CACHE_SECONDS: int(60, 0, 3600),
    /** The circuit breaker: this many failed calls in a row stop calling the game for the cool-down. */
    GAME_BREAKER_FAILURES: int(5, 1, 1000),
    GAME_BREAKER_COOLDOWN_SECONDS: int(15, 1, 3600),
    MAILBOX_WORKER: booleanish.default(true),
    MAILBOX_BATCH_SIZE: int(20, 1, 500),
    MAILBOX_POLL_MS: int(1000, 10),
    MAILBOX_MAX_ATTEMPTS: int(12),
    MAILBOX_BACKOFF_BASE_MS: int(2000),
    MAILBOX_BACKOFF_MAX_MS: int(3_600_000),
    MAILBOX_LEASE_SECONDS: int(60),
    MAILBOX_TIMEOUT_MS: int(10_000, 100),
    /** How long a public news answer is reused at most; publishing clears it at once. */
    NEWS_CACHE_SECONDS: int(60, 1, 3600),
    /** The web processes' POST /_internal/revalidate, comma-separated; unset, the web is not told of news changes. */
    WEB_REVALIDATE_URLS: z
      .string()
      .optional()
      .transform((value) => (value ? value.split(',').map((url) => url.trim()) : []))
      .pipe(z.array(z.string().url())),
    /** The secret shared with the web app for WEB_REVALIDATE_URLS. */
    REVALIDATE_SECRET: z.string().min(32).optional(),
    /** How often the worker evaluates the alert rules (issue 27). */
    ALERT_EVALUATE_SECONDS: seconds(60),
    /** Bank feed silent: no bank event for this many minutes while orders wait for payment. */
    ALERT_FEED_SILENT_MINUTES: z.coerce.number().min(0.01).max(10_080).default(30),
    /** Webhook refused: more than this many SePay webhook calls with a wrong key in 5 minutes. */
    ALERT_WEBHOOK_REFUSED_COUNT: int(10, 0),
    /** Mails stuck: a mail undelivered for this many minutes (or one whose last 3 attempts failed). */
    ALERT_MAIL_STUCK_MINUTES: z.coerce.number().min(0.01).max(10_080).default(15),
    /** Money waiting: bank money held for staff review for this many hours. */
    ALERT_MONEY_WAITING_HOURS: z.coerce.number().min(0.01).max(720).default(24),
    /** Errors: the share of 5xx answers over 5 minutes above this percentage (with at least 20 answers). */
    ALERT_ERROR_PERCENT: z.coerce.number().min(0).max(100).default(5),
    /** Worker or pull not running: no heartbeat of the mailbox worker (or no successful pull) for this many minutes. */
    ALERT_HEARTBEAT_MINUTES: z.coerce.number().min(0.01).max(1440).default(10),
    /** Telegram: on when both the bot's token and the chat are set; the API address lets a stand-in take its place. */
    ALERT_TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
    ALERT_TELEGRAM_CHAT_ID: z.string().min(1).optional(),
    ALERT_TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
    /** Slack incoming webhook and Discord webhook addresses. */
    ALERT_SLACK_WEBHOOK_URL: z.string().url().optional(),
    ALERT_DISCORD_WEBHOOK_URL: z.string().url().optional(),
    /** A generic JSON webhook; with the secret, each call carries X-Signature: sha256=<HMAC of the body>. */
    ALERT_WEBHOOK_URL: z.string().url().optional(),
    ALERT_WEBHOOK_SECRET: z.string().min(16).optional(),
    /**
     * The longest the catalogue schedule sleeps between two looks at the published packs; it wakes at
     * each window or sale boundary on its own (decision record 034).
     */
    CATALOGUE_SCHEDULE_POLL_MS: int(2000, 100, 60_000),
    /** How often the background reads the game's item list into its copy (game_items). */
    GAME_ITEMS_REFRESH_MS: int(600_000, 1000, 86_400_000),
  })
  .superRefine((value, ctx) => {
    checkAccountSettings(
      value,
      { production: value.NODE_ENV === 'production', demo: value.DEMO_MODE },
      (path, message) => ctx.addIssue({ code: 'custom', path: [path], message }),
    );
    // A send that outlives its lease could overlap a retry by another worker.
    if (value.MAILBOX_TIMEOUT_MS >= value.MAILBOX_LEASE_SECONDS * 1000) {
      ctx.addIssue({ code: 'custom', path: ['MAILBOX_TIMEOUT_MS'], message: 'must be shorter than the lease' });
    }
    if (value.WEB_REVALIDATE_URLS.length > 0 && !value.REVALIDATE_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['REVALIDATE_SECRET'],
        message: 'required when WEB_REVALIDATE_URLS is set',
      });
    }
    if (value.HTTP_HEADERS_TIMEOUT_SECONDS > value.HTTP_REQUEST_TIMEOUT_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT_SECONDS'],
        message: 'must not exceed the request timeout',
      });
    }
    if (Boolean(value.ALERT_TELEGRAM_BOT_TOKEN) !== Boolean(value.ALERT_TELEGRAM_CHAT_ID)) {
      const missing = value.ALERT_TELEGRAM_BOT_TOKEN ? 'ALERT_TELEGRAM_CHAT_ID' : 'ALERT_TELEGRAM_BOT_TOKEN';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'Telegram alerts need both the bot token and the chat',
      });
    }
    if (value.ALERT_WEBHOOK_SECRET && !value.ALERT_WEBHOOK_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['ALERT_WEBHOOK_URL'],
        message: 'required when ALERT_WEBHOOK_SECRET is set',
      });
    }
    if (value.GAME_API_URL && !value.GAME_API_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['GAME_API_SECRET'], message: 'required when GAME_API_URL is set' });
    }
    // Each purpose has its own secret: one value given twice would join two purposes.
    const secrets = [
      'JWT_SECRET',
      'REVALIDATE_SECRET',
      'GAME_API_SECRET',
      'GAME_CALLBACK_SECRET',
      'SEPAY_API_KEY',
      'METRICS_TOKEN',
      'ALERT_WEBHOOK_SECRET',
    ] as const;
    for (const [index, name] of secrets.entries()) {
      const twin = secrets.slice(0, index).find((other) => value[other] !== undefined && value[other] === value[name]);
      if (twin) ctx.addIssue({ code: 'custom', path: [name], message: `must differ from ${twin}` });
    }
    if (value.UPLOAD_STORAGE === 's3') {
      for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!value[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when UPLOAD_STORAGE=s3' });
      }
    }
    if (value.NODE_ENV === 'production') {
      if (value.DEMO_MODE) {
        ctx.addIssue({ code: 'custom', path: ['DEMO_MODE'], message: 'demo mode is refused in production' });
      }
      if (!value.JWT_SECRET) {
        ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'a real secret is required in production' });
      }
      if (value.SEPAY_API_KEY === DEMO_SEPAY_API_KEY) {
        ctx.addIssue({ code: 'custom', path: ['SEPAY_API_KEY'], message: 'a real key is required in production' });
      }
      if (value.GAME_API_SECRET === DEMO_GAME_API_SECRET) {
        ctx.addIssue({ code: 'custom', path: ['GAME_API_SECRET'], message: 'a real key is required in production' });
      }
      if (value.GAME_CALLBACK_SECRET === DEMO_GAME_CALLBACK_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['GAME_CALLBACK_SECRET'],
          message: 'a real key is required in production',
        });
      }
      if (!value.DATABASE_URL) {
        ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'PostgreSQL is required in production' });
      }
    }
  });

export type Config = Omit<z.infer<typeof configSchema>, 'JWT_SECRET'> & { JWT_SECRET: string };

function readLocalSecret(file: string): string {
  // Narrowed if a copy widened it: the file is this installation's key.
  if (statSync(file).mode & 0o077) chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new Error(`Invalid configuration:\n  JWT_SECRET_FILE: ${file} holds under 32 characters`);
  return secret;
}

/**
 * The secret kept in `file`, made at the first start (64 random characters, owner-only): never a
 * value known outside this installation. Made beside the file and linked into place, so two
 * processes starting at once end up with the one secret.
 */
function localSecret(file: string): string {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    return readLocalSecret(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const made = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(made, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(made, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(made);
  }
  return readLocalSecret(file);
}

/** The one place that reads the environment. Throws a readable error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    ...result.data,
    // Production has refused a missing JWT_SECRET above.
    JWT_SECRET: result.data.JWT_SECRET ?? localSecret(result.data.JWT_SECRET_FILE),
  };
}
