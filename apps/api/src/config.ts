import { z } from 'zod';

const DEMO_JWT_SECRET = 'demo-secret-change-me-demo-secret-change-me';

const booleanish = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    SEED_DEMO: booleanish.optional(),
    LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
    LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  })
  .superRefine((value, ctx) => {
    if (value.NODE_ENV === 'production') {
      if (value.JWT_SECRET === DEMO_JWT_SECRET) {
        ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'a real secret is required in production' });
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
