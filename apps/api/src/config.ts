import { z } from 'zod';

const DEMO_JWT_SECRET = 'demo-secret-change-me-demo-secret-change-me';
/** The documented demo key of the bank-feed webhook; refused in production. */
export const DEMO_SEPAY_API_KEY = 'demo-sepay-key-change-me';
const DEMO_MAILBOX_SECRET = 'demo-mailbox-secret-change-me';

const booleanish = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Demo mode: the demo payment button (simulate route) and the demo SePay key. Off unless set; production refuses it. */
    DEMO_MODE: booleanish.default(false),
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Answers slower than this many milliseconds are logged (warn); no other request is logged. */
    SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(1000),
    DATABASE_URL: z.string().url().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    PGLITE_DIR: z.string().default('./data/db'),
    REDIS_URL: z.string().url().optional(),
    JWT_SECRET: z.string().min(32).default(DEMO_JWT_SECRET),
    /** How long a verified session is reused without asking the database; revocation evicts it at once. */
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
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
    /** Bearer token Prometheus sends to read /api/metrics; unset, the route does not exist. */
    METRICS_TOKEN: z.string().min(16).optional(),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    SEED_DEMO: booleanish.optional(),
    LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
    LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
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
    UPLOAD_MAX_PIXELS: z.coerce.number().int().min(1).default(16_000_000),
    UPLOAD_MAX_ANIMATED_PIXELS: z.coerce.number().int().min(1).default(3_000_000),
    /** How long the signed image addresses given with a ticket stay valid. */
    UPLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
    /** Uploaded images not attached to a ticket after this many hours are deleted by the worker. */
    UPLOAD_UNATTACHED_HOURS: z.coerce.number().int().min(1).default(24),
    UPLOADS_PER_WINDOW: z.coerce.number().int().min(1).default(30),
    TICKETS_PER_WINDOW: z.coerce.number().int().min(1).default(10),
    TICKET_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
    /** A "new players only" gift code accepts accounts younger than this many days. */
    GIFT_CODE_NEW_PLAYER_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
    /** Unknown-code guesses allowed per player, and per IP (several players may share one), per window. */
    GIFT_CODE_FAILURES_PER_PLAYER: z.coerce.number().int().min(1).default(10),
    GIFT_CODE_FAILURES_PER_IP: z.coerce.number().int().min(1).default(100),
    GIFT_CODE_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
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
    GAME_MAILBOX_URL: z.string().url().optional(),
    GAME_MAILBOX_SECRET: z.string().min(16).default(DEMO_MAILBOX_SECRET),
    MAILBOX_WORKER: booleanish.default(true),
    MAILBOX_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(20),
    MAILBOX_POLL_MS: z.coerce.number().int().min(10).default(1000),
    MAILBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(12),
    MAILBOX_BACKOFF_BASE_MS: z.coerce.number().int().min(1).default(2000),
    MAILBOX_BACKOFF_MAX_MS: z.coerce.number().int().min(1).default(3_600_000),
    MAILBOX_LEASE_SECONDS: z.coerce.number().int().min(1).default(60),
    MAILBOX_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /** How long a public news answer is reused at most; publishing clears it at once. */
    NEWS_CACHE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** The web processes' POST /_internal/revalidate, comma-separated; unset, the web is not told of news changes. */
    WEB_REVALIDATE_URLS: z
      .string()
      .optional()
      .transform((value) => (value ? value.split(',').map((url) => url.trim()) : []))
      .pipe(z.array(z.string().url())),
    /** The secret shared with the web app for WEB_REVALIDATE_URLS. */
    REVALIDATE_SECRET: z.string().min(32).optional(),
  })
  .superRefine((value, ctx) => {
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
    if (value.UPLOAD_STORAGE === 's3') {
      for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!value[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when UPLOAD_STORAGE=s3' });
      }
    }
    if (value.NODE_ENV === 'production') {
      if (value.DEMO_MODE) {
        ctx.addIssue({ code: 'custom', path: ['DEMO_MODE'], message: 'demo mode is refused in production' });
      }
      if (value.JWT_SECRET === DEMO_JWT_SECRET) {
        ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'a real secret is required in production' });
      }
      if (value.SEPAY_API_KEY === DEMO_SEPAY_API_KEY) {
        ctx.addIssue({ code: 'custom', path: ['SEPAY_API_KEY'], message: 'a real key is required in production' });
      }
      if (value.GAME_MAILBOX_URL && value.GAME_MAILBOX_SECRET === DEMO_MAILBOX_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['GAME_MAILBOX_SECRET'],
          message: 'a real secret is required in production',
        });
      }
      if (!value.DATABASE_URL) {
        ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'PostgreSQL is required in production' });
      }
    }
  });

export type Config = z.infer<typeof configSchema> & { seedDemo: boolean };

/** The one place that reads the environment. Throws a readable error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...result.data, seedDemo: result.data.SEED_DEMO ?? result.data.NODE_ENV !== 'production' };
}
