import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { migrationsFolder } from '../src/migrations-folder';
import { seedDemoData } from '../src/db/seed';
import { demoAccounts } from '../src/db/seed/demo-accounts';

/** Which database this vitest project runs on: `postgres` needs TEST_DATABASE_URL. */
export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const onPostgres = testDatabaseKind === 'postgres';

/** What names a migrated empty database: the migrations' files, byte for byte. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A PGlite cluster made once and migrated, as an archive every suite starts from: a new cluster
 * (initdb in WebAssembly) takes seconds, loading the archive a fraction. Kept in the temp folder per
 * migrations; a suite that finds none makes it (written aside, then renamed, so readers never see half).
 */
async function migratedPgliteArchive(): Promise<Blob> {
  const path = join(tmpdir(), `carabala-pglite-${migrationsKey()}.tar`);
  if (existsSync(path)) return new Blob([readFileSync(path)]);
  const fresh = new PGlite();
  await migratePglite(drizzlePglite(fresh), { migrationsFolder });
  const archive = await fresh.dumpDataDir('none');
  await fresh.close();
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, Buffer.from(await archive.arrayBuffer()));
  renameSync(aside, path);
  return archive;
}

/**
 * A PostgreSQL database migrated once, named by the migrations, that every suite's database copies
 * (CREATE DATABASE … TEMPLATE): built under an advisory lock by the first suite that needs it.
 */
async function migratedTemplate(adminUrl: string): Promise<string> {
  const name = `carabala_tpl_${migrationsKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(727002)');
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_b`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = openDatabase({ url: url.toString(), poolSize: 1 });
      await database.migrate();
      await database.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(727002)').catch(() => undefined);
    await admin.end();
  }
  return name;
}

/** A fresh database for one suite: a new PostgreSQL database, or an in-memory PGlite. */
export async function createTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (!onPostgres) {
    const database = openDatabase({ pgliteDir: null, pgliteArchive: await migratedPgliteArchive() });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = await migratedTemplate(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
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
    // Most suites order many packs as guests from one address; the guest limits' own tests set them.
    GUEST_ORDERS_PER_IP: '100000',
    GUEST_OPEN_ORDERS_PER_RECEIVER: '100000',
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

/** The rows of a raw query: node-postgres answers `{ rows }`, PGlite's drizzle the rows themselves. */
export async function queryRows<T>(context: TestContext, query: SQL): Promise<T[]> {
  const result = await context.database.db.execute(query);
  return ((result as { rows?: T[] }).rows ?? result) as T[];
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
    context.config = testConfig(overrides);
    await seedDemoData(created.database.db, context.config.JWT_SECRET);
    context.app = await buildApp({ config: context.config, database: created.database, ownsDatabase: false });
    await context.app.ready();
  }, 60_000);
  afterAll(async () => {
    await context.app?.close();
    await drop?.();
  });
  return context;
}

/** TOTP secrets of the staff accounts the tests enrolled, per database (the demo accounts' are published). */
const enrolledSecrets = new WeakMap<object, Map<string, string>>();
/** Staff sessions signed in with a code, per database: a code works once, so each account signs in once. */
const staffSessions = new WeakMap<object, Map<string, string>>();
/** Recovery codes the tests fetched and have not used yet, per database and account. */
const spareRecoveryCodes = new WeakMap<object, Map<string, string[]>>();
const perDatabase = <T>(store: WeakMap<object, Map<string, T>>, app: FastifyInstance) => {
  if (!store.has(app.db)) store.set(app.db, new Map());
  return store.get(app.db)!;
};

/** The 6-digit code of `secret` (base32) at `at`. */
export const totpCode = (secret: string, at = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

/** The code of a demo staff account, computed from its published TOTP secret. */
export function demoCode(username: string, at = Date.now()): string {
  const secret = demoAccounts.find((account) => account.username === username)?.totp;
  if (!secret) throw new Error(`${username} has no demo TOTP secret`);
  return totpCode(secret, at);
}

/** Enrols the session's account in the second factor (start, then a code); this session counts as verified. */
export async function enrolSecondFactor(app: FastifyInstance, token: string) {
  const started = await app.inject({
    method: 'POST',
    url: '/api/auth/second-factor/enrolment',
    headers: bearer(token),
  });
  const { secret } = started.json().data as { secret: string };
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/auth/second-factor/enrolment/confirm',
    headers: bearer(token),
    payload: { otp: totpCode(secret) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`enrolment failed: ${confirmed.body}`);
  return { secret, recoveryCodes: (confirmed.json().data as { recoveryCodes: string[] }).recoveryCodes };
}

/**
 * Signs in as any account and returns a token good for its calls; `userAgent` names the device (a new
 * session each time). A staff account asked for its second factor signs in with the code of its secret
 * (the demo one, or the one enrolled here): the current step's, else the next one's (one step of drift
 * is accepted), else one of its recovery codes (fetched once with a live session signed in with a
 * code), else the next step's after waiting for it. Without `userAgent` a staff session signed in
 * earlier on the same database is reused while it lives, so the suites seldom wait. A staff account
 * without a second factor (a player just promoted) is enrolled.
 */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  userAgent?: string,
): Promise<string> {
  const post = (otp?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/carabala',
      payload: { username, password, deviceId: 'carabala.web.test', ...(otp ? { otp } : {}) },
      ...(userAgent ? { headers: { 'user-agent': userAgent } } : {}),
    });
  let response = await post();
  if (response.json().code === 'api.auth.second_factor_required') {
    const known = perDatabase(staffSessions, app).get(username);
    const live = known && (await verifiedSession(app, known));
    if (live && !userAgent) return known;
    const secret = perDatabase(enrolledSecrets, app).get(username);
    const code = (at: number) => (secret ? totpCode(secret, at) : demoCode(username, at));
    const reused = () => response.json().code === 'api.auth.second_factor.reused';
    for (const at of [Date.now(), Date.now() + 30_000]) {
      response = await post(code(at));
      if (!reused()) break;
    }
    if (reused()) {
      const recoveryCode = await spareRecoveryCode(app, username, live ? known : undefined);
      // Waiting one step reaches the step already used as "next": the one after it is within the drift.
      response = await post(recoveryCode ?? code((await nextStep()) + 30_000));
    }
  }
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const { accessToken, user } = response.json().data as { accessToken: string; user: { role: string } };
  if (user.role !== 'player') {
    const status = await app.inject({ method: 'GET', url: '/api/auth/second-factor', headers: bearer(accessToken) });
    if (!status.json().data.enrolled) {
      perDatabase(enrolledSecrets, app).set(username, (await enrolSecondFactor(app, accessToken)).secret);
    }
    perDatabase(staffSessions, app).set(username, accessToken);
  }
  return accessToken;
}

/** Whether the session lives and entered a second-factor code. */
async function verifiedSession(app: FastifyInstance, token: string): Promise<boolean> {
  const status = await app.inject({ method: 'GET', url: '/api/auth/second-factor', headers: bearer(token) });
  return status.statusCode === 200 && status.json().data.verified === true;
}

/** An unused recovery code of the account, new ones fetched with `session` (within its step-up window). */
async function spareRecoveryCode(app: FastifyInstance, username: string, session?: string) {
  const spare = perDatabase(spareRecoveryCodes, app);
  if (!spare.get(username)?.length && session) {
    const fetched = await app.inject({
      method: 'POST',
      url: '/api/auth/second-factor/recovery-codes',
      headers: bearer(session),
    });
    if (fetched.statusCode === 200) spare.set(username, [...fetched.json().data.recoveryCodes]);
  }
  return spare.get(username)?.shift();
}

/** Waits for the next 30-second time-step and answers its start. */
async function nextStep(): Promise<number> {
  const next = Math.ceil((Date.now() + 1) / 30_000) * 30_000;
  await new Promise((resolve) => setTimeout(resolve, next - Date.now() + 50));
  return Date.now();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
