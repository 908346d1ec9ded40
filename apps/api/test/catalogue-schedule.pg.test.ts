import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { seedDemoData } from '../src/db/seed';
import { bearer, createTestDatabase, signIn, testConfig } from './helpers';

// The catalogue's schedule (decision record 034): at a window's start the worker tells the web to
// rebuild its pages with no staff action, and a worker killed (SIGKILL) while it does so loses nothing:
// the mark of the last boundary handled is in the database and moves only after the web took the call.

const SECRET = 'a-revalidation-secret-of-32-chars!!';
const apiDir = fileURLToPath(new URL('..', import.meta.url));

let database: Database;
let databaseUrl: string;
let dropDatabase: () => Promise<void>;
let app: FastifyInstance;
let child: ChildProcess | null = null;

/** The web's POST /_internal/revalidate on 127.0.0.1: each call recorded, answered or held open. */
const calls: { at: number; secret: string | undefined }[] = [];
let answering = false;
const held: ServerResponse[] = [];
const web = createServer((request: IncomingMessage, response: ServerResponse) => {
  calls.push({ at: Date.now(), secret: request.headers['x-revalidate-secret'] as string | undefined });
  if (answering) response.writeHead(200, { 'content-type': 'application/json' }).end('{"code":"api.success"}');
  else held.push(response);
});

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const created = await createTestDatabase();
  database = created.database;
  databaseUrl = created.url!;
  dropDatabase = created.drop;
  await seedDemoData(database.db, testConfig().JWT_SECRET);
  app = await buildApp({ config: testConfig(), database, ownsDatabase: false });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
}, 60_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  for (const response of held) response.destroy();
  await new Promise((resolve) => web.close(resolve));
  await app?.close();
  await dropDatabase?.();
});

/** The API as a process of its own (its worker runs the schedule), telling the stand-in web; ready when it answers. */
async function startApi(): Promise<ChildProcess> {
  const port = await freePort();
  const started = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    stdio: process.env.SCHEDULE_TEST_VERBOSE ? 'inherit' : 'ignore',
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.SCHEDULE_TEST_VERBOSE ? 'info' : 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      // The database holds the demo accounts: outside demo mode the API refuses to start on it.
      DEMO_MODE: 'true',
      WEB_REVALIDATE_URLS: `http://127.0.0.1:${(web.address() as AddressInfo).port}/_internal/revalidate`,
      REVALIDATE_SECRET: SECRET,
      CATALOGUE_SCHEDULE_POLL_MS: '300',
    },
  });
  await waitFor(async () => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/api/ready`)).ok;
    } catch {
      return false;
    }
  }, 30_000);
  return started;
}

const handledUntil = async () =>
  new Date(
    rowsOf<{ handled_until: Date | string }>(
      await database.db.execute(sql`select handled_until from catalogue_schedule where id = 1`),
    )[0]!.handled_until,
  ).getTime();

const waitFor = async (check: () => Promise<boolean> | boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

it('revalidates at a window start with no staff action, and a SIGKILL in the middle loses nothing', async () => {
  child = await startApi();
  // Published through an API without a web configured: only the schedule of the running one tells the web.
  const content = await signIn(app, 'content1', 'staff123');
  const opensAt = Date.now() + 2000;
  const created = await app.inject({
    method: 'POST',
    url: '/api/internal/catalogue/packs',
    headers: bearer(content),
    payload: {
      title: 'Gói mở lúc hẹn giờ',
      tab: 'flash-sale',
      price: 50_000,
      items: [{ itemId: 'diamond', quantity: 50 }],
      visibleFrom: new Date(opensAt).toISOString(),
    },
  });
  const { id } = created.json().data;
  expect(
    (await app.inject({ method: 'POST', url: `/api/internal/catalogue/packs/${id}/publish`, headers: bearer(content) }))
      .statusCode,
  ).toBe(200);
  const markBefore = await handledUntil();
  expect(markBefore).toBeLessThan(opensAt);

  // The worker wakes at the boundary and calls the web, which does not answer: killed meanwhile.
  await waitFor(() => calls.length === 1, 15_000);
  const firstCall = calls[0]!;
  expect(firstCall.secret).toBe(SECRET);
  expect(firstCall.at).toBeGreaterThanOrEqual(opensAt);
  expect(firstCall.at - opensAt).toBeLessThan(5000);
  child.kill('SIGKILL');
  await new Promise((resolve) => child!.once('exit', resolve));
  child = null;
  expect(await handledUntil()).toBe(markBefore);

  // The next run catches up on the boundary it finds unhandled, and moves the mark once the web answered.
  answering = true;
  child = await startApi();
  await waitFor(async () => (await handledUntil()) >= opensAt, 20_000);
  expect(calls.length).toBeGreaterThanOrEqual(2);
  const told = calls.length;
  // Nothing more to do: no further call until a new boundary (the repeat 2 s after each call aside).
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(calls.length).toBeLessThanOrEqual(told + 1);
}, 60_000);
