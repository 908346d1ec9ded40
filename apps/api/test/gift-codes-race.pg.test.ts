import type { AddressInfo } from 'node:net';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { embeddedGameItems, refreshItems } from '../src/modules/game';
import { openDatabase, type Database } from '../src/db/client';
import { giftCodeClaims, giftCodes, mails, users } from '../src/db/schema';
import { createPlayers, type TestPlayer } from './gift-code-fixtures';
import { createTestDatabase, enrolSecondFactor, onPostgres, testConfig } from './helpers';

/**
 * Two API processes' worth of apps (two Fastify servers, two connection pools) on one PostgreSQL
 * database, driven over real HTTP, so that claims really race inside the database.
 */
describe.runIf(onPostgres)('gift-code claims under concurrency (PostgreSQL, two API servers)', () => {
  const config = testConfig({ GIFT_CODE_FAILURES_PER_IP: '1000000' });
  const servers: { app: FastifyInstance; database: Database; base: string }[] = [];
  let drop: () => Promise<void>;
  let players: TestPlayer[];
  let admin: TestPlayer;

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    for (let i = 0; i < 2; i += 1) {
      // The claims wait for a connection as long as they need: this test is about exactness under the
      // race, and on a busy 2-core CI machine 500 claims per server queued past the 5 s wait (503s).
      const database = openDatabase({ url: created.url, poolSize: 15, connectionTimeoutMs: 60_000 });
      const app = await buildApp({ config, database, ownsDatabase: true });
      await app.listen({ host: '127.0.0.1', port: 0 });
      servers.push({ app, database, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
    }
    const db = created.database.db;
    // The game's items, as the worker's first round copies them (no demo seed here).
    await refreshItems(db, embeddedGameItems);
    players = await createPlayers(db, servers[0]!.app, 1000);
    admin = (await createPlayers(db, servers[0]!.app, 1))[0]!;
    await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin!.id));
    // Staff calls need a second factor, and creating a code a recent one (step-up): enrolling gives both.
    await enrolSecondFactor(servers[0]!.app, admin.token);
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await server.app.close();
    await drop?.();
  });

  const db = () => servers[0]!.database.db;

  async function createCode(code: string, maxUses: number | null) {
    const response = await fetch(`${servers[1]!.base}/api/internal/gift-codes/create-one`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code, name: 'Đua', rewards: [{ itemId: 'diamond', quantity: 1 }], maxUses }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { id: string } }).data.id;
  }

  /** Claims alternate between the two servers; every answer is read, none may be a 5xx. */
  async function claimAll(tokens: string[], code: string) {
    const answers = await Promise.all(
      tokens.map(async (token, i) => {
        const response = await fetch(`${servers[i % 2]!.base}/api/gift-codes/claim`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ code }),
        });
        return { status: response.status, code: ((await response.json()) as { code: string }).code };
      }),
    );
    const tally: Record<string, number> = {};
    for (const answer of answers) tally[answer.code] = (tally[answer.code] ?? 0) + 1;
    return { answers, tally };
  }

  async function stored(giftCodeId: string) {
    const [code] = await db().select().from(giftCodes).where(eq(giftCodes.id, giftCodeId));
    const [claims] = await db()
      .select({ n: count() })
      .from(giftCodeClaims)
      .where(eq(giftCodeClaims.giftCodeId, giftCodeId));
    const [sent] = await db()
      .select({ n: count() })
      .from(mails)
      .innerJoin(giftCodeClaims, eq(mails.sourceId, sql`${giftCodeClaims.id}::text`))
      .where(eq(giftCodeClaims.giftCodeId, giftCodeId));
    return { uses: code!.usesCount, claims: claims!.n, mails: sent!.n };
  }

  // The 1,000 race once: CI runs it again through nginx over two API processes
  // (scripts/production/delivery-checks.mjs), and each round cost a busy CI core half a minute
  // (decision 064).
  it('1,000 players, a 100-use code -> exactly 100 successes and 900 none_remaining', async () => {
    const id = await createCode('DUA', 100);
    const { answers, tally } = await claimAll(
      players.map((player) => player.token),
      'dua',
    );
    expect(tally).toEqual({ 'api.success': 100, 'api.gift_code.none_remaining': 900 });
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    expect(await stored(id)).toEqual({ uses: 100, claims: 100, mails: 100 });
  });

  for (let round = 1; round <= 3; round += 1) {
    it(`round ${round}: one player sends 50 claims at once -> exactly one success`, async () => {
      const unlimited = await createCode(`MOT${round}`, null);
      const single = await createCode(`MOTLUOT${round}`, 1);
      const player = players[round]!;
      const many = Array.from({ length: 50 }, () => player.token);

      const first = await claimAll(many, `MOT${round}`);
      expect(first.tally).toEqual({ 'api.success': 1, 'api.gift_code.claimed': 49 });
      expect(await stored(unlimited)).toEqual({ uses: 1, claims: 1, mails: 1 });

      const second = await claimAll(many, `MOTLUOT${round}`);
      expect(second.tally).toEqual({ 'api.success': 1, 'api.gift_code.claimed': 49 });
      expect(await stored(single)).toEqual({ uses: 1, claims: 1, mails: 1 });
    });
  }
});
