import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { seedDemoData } from '../src/db/seed';

/** Which database this vitest project runs on: `postgres` needs TEST_DATABASE_URL. */
export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const onPostgres = testDatabaseKind === 'postgres';

/** A fresh database for one suite: a new PostgreSQL database, or an in-memory PGlite. */
export async function createTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (!onPostgres) {
    const database = openDatabase({ pgliteDir: null });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString(), poolSize: 20 });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** The bank feed's key in tests: a real (non-demo) key, so the webhook works without demo mode. */
export const TEST_SEPAY_API_KEY = 'test-sepay-key-0123456789';

let dataDir: string | undefined;
/** This test process's data folder (as ./data is the server's): where the random local secret is kept. */
export function testDataDir(): string {
  if (!dataDir) {
    const made = mkdtempSync(join(tmpdir(), 'carabala-api-test-'));
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
    dataDir = made;
  }
  return dataDir;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET_FILE: join(testDataDir(), 'jwt-secret'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    SEPAY_API_KEY: TEST_SEPAY_API_KEY,
    ...overrides,
  });
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  url?: string;
}

/** Registers hooks that give the suite a fresh, seeded database and an app on it. */
export function useTestApp(overrides: Record<string, string> = {}): TestContext {
  const context = {} as TestContext;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    context.database = created.database;
    context.url = created.url;
    await seedDemoData(created.database.db);
    context.config = testConfig(overrides);
    context.app = await buildApp({ config: context.config, database: created.database, ownsDatabase: false });
    await context.app.ready();
  }, 60_000);
  afterAll(async () => {
    await context.app?.close();
    await drop?.();
  });
  return context;
}

export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  userAgent?: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/carabala',
    payload: { username, password, deviceId: 'carabala.web.test' },
    ...(userAgent ? { headers: { 'user-agent': userAgent } } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json().data.accessToken;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
