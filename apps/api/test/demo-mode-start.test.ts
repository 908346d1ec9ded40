import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { seedDemoData } from '../src/db/seed';
import { createTestDatabase, onPostgres } from './helpers';

// The API as `node src/server.ts` starts it, on a database of its own: what an install that forgot
// NODE_ENV (or copied a demo database) gets. On PostgreSQL in CI (a database made from the migrated
// template), else on an embedded database in a folder of its own: three PGlite databases migrated on a
// busy CI core took over a minute and a half (decision 064).
const apiDir = fileURLToPath(new URL('..', import.meta.url));
const dirs: string[] = [];
const drops: (() => Promise<void>)[] = [];
const children: ChildProcess[] = [];
const JWT_SECRET = randomBytes(32).toString('hex');

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const drop of drops) await drop();
});

type Fresh = { database: Database; env: Record<string, string>; release(): Promise<void> };

/**
 * A migrated database of this suite's kind, opened here to set it up (`database`), what the API is told
 * to start on (`env`), and `release`, called before the API starts: an embedded database is one
 * process's at a time.
 */
async function freshDatabase(): Promise<Fresh> {
  const dir = mkdtempSync(join(tmpdir(), 'carabala-demo-start-'));
  dirs.push(dir);
  const uploads = { UPLOAD_DIR: join(dir, 'uploads') };
  if (onPostgres) {
    const made = await createTestDatabase();
    drops.push(made.drop);
    return { database: made.database, env: { ...uploads, DATABASE_URL: made.url! }, release: async () => {} };
  }
  const database = openDatabase({ pgliteDir: join(dir, 'db') });
  await database.migrate();
  return { database, env: { ...uploads, PGLITE_DIR: join(dir, 'db') }, release: () => database.close() };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the API with DEMO_MODE=false and no NODE_ENV at all; resolves when it answers /api/ready
 * ('ready') or when it exits (its code), with everything it logged.
 */
async function startWithoutDemoMode(fresh: Fresh) {
  await fresh.release();
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      DEMO_MODE: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...fresh.env,
      JWT_SECRET,
      LOG_LEVEL: 'error',
      MAILBOX_WORKER: 'false',
    },
  });
  children.push(child);
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${url}/api/ready`)).ok) return 'ready' as const;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const outcome = await Promise.race([ready, exited]);
  return { outcome, log: () => log, url };
}

const signIn = (url: string, username: string, password: string) =>
  fetch(`${url}/api/auth/carabala`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, deviceId: 'carabala.web.test' }),
  });

describe('demo accounts only in demo mode', () => {
  it('an empty database started without DEMO_MODE (and without NODE_ENV) gets no demo accounts', async () => {
    const started = await startWithoutDemoMode(await freshDatabase());
    expect(started.outcome, started.log()).toBe('ready');
    // The README's staff and player credentials open nothing: the accounts do not exist.
    for (const [username, password] of [
      ['admin1', 'admin123'],
      ['player1', 'player123'],
    ]) {
      const answer = await signIn(started.url, username!, password!);
      expect(answer.status, username).toBe(400);
    }
  }, 120_000);

  it('refuses to start on a database holding a demo password or a demo TOTP secret, naming the accounts', async () => {
    const fresh = await freshDatabase();
    await seedDemoData(fresh.database.db, JWT_SECRET);
    // admin1 renamed, with a password of its own: its demo TOTP secret alone still gives it away.
    await fresh.database.db.execute(
      sql`update users set username = 'sepchinh', password_hash = 'not-a-demo-hash' where username = 'admin1'`,
    );

    const started = await startWithoutDemoMode(fresh);
    expect(started.outcome, started.log()).toBe(1);
    const log = started.log();
    expect(log).toContain('Refusing to start: DEMO_MODE is off');
    expect(log).toContain('sepchinh (demo TOTP secret)');
    expect(log).toContain('admin2 (demo password, demo TOTP secret)');
    expect(log).toContain('player1 (demo password)');
    expect(log).toContain('DEMO_MODE=true');
  }, 120_000);
});
