import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { seedDemoData } from '../src/db/seed';
import { createTestDatabase, onPostgres, testConfig } from './helpers';

/**
 * Sign-up and reset under concurrency: two API servers (two connection pools) on one PostgreSQL
 * database, driven over real HTTP, so the requests really race inside the database.
 */
describe.runIf(onPostgres)('accounts under concurrency (PostgreSQL, two API servers)', () => {
  const config = testConfig({ SIGN_UPS_PER_IP_HOUR: '1000', ACCOUNT_MAILS_PER_IP_HOUR: '1000' });
  const servers: { app: FastifyInstance; database: Database; base: string }[] = [];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    await seedDemoData(created.database.db, config.JWT_SECRET);
    for (let i = 0; i < 2; i += 1) {
      const database = i === 0 ? created.database : openDatabase({ url: created.url, poolSize: 15 });
      const app = await buildApp({ config, database, ownsDatabase: i > 0 });
      await app.listen({ host: '127.0.0.1', port: 0 });
      servers.push({ app, database, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
    }
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await server.app.close();
    await drop?.();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await servers[0]!.database.db.execute(query));
  const post = async (i: number, path: string, body: unknown) => {
    const response = await fetch(`${servers[i % 2]!.base}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { code: string } };
  };

  it('twenty sign-ups with one username make one account', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(i, '/accounts/sign-up', {
          username: 'cung.mot.ten',
          password: 'matkhau-dua-nhau',
          email: `dua${i}@example.vn`,
          fullName: 'Người Đua',
          birthDate: '1999-05-05',
          phone: `0988 000 ${String(100 + i)}`,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.code === 'api.account.username_taken')).toHaveLength(19);
    const made = await rows<{ n: number }>(
      sql`select count(*)::int as n from users where lower(username) = 'cung.mot.ten'`,
    );
    expect(made[0]!.n).toBe(1);
    const mails = await rows<{ n: number }>(
      sql`select count(*)::int as n from emails where to_address like 'dua%@example.vn'`,
    );
    expect(mails[0]!.n).toBe(1);
  });

  it('a reset link used twice at once works once', async () => {
    expect((await post(0, '/accounts/password-reset/request', { login: 'player9' })).status).toBe(200);
    const [mail] = await rows<{ params: { link: string } }>(
      sql`select params from emails where to_address = 'player9@example.com' and kind = 'password_reset'`,
    );
    const token = mail!.params.link.split('#')[1]!;
    const answers = await Promise.all(
      ['mat-khau-mot-1', 'mat-khau-hai-2'].map((password, i) =>
        post(i, '/accounts/password-reset', { token, password }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)!.body.code).toBe('api.account.link_invalid');
  });
});
