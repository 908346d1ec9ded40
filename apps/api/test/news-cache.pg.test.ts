import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { seedDemoData } from '../src/db/seed';
import { bearer, createTestDatabase, signIn, testConfig } from './helpers';

/**
 * Needs Redis (CI sets TEST_REDIS_URL). PostgreSQL only, so that one suite at a time uses the shared
 * Redis hash of news answers.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;

describe.runIf(REDIS_URL)('news cache across API processes (Redis)', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    await seedDemoData(created.database.db, testConfig().JWT_SECRET);
    const config = testConfig({ REDIS_URL: REDIS_URL!, NEWS_CACHE_SECONDS: '300' });
    first = await buildApp({ config, database: created.database, ownsDatabase: false });
    second = await buildApp({ config, database: created.database, ownsDatabase: false });
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await drop?.();
  });

  it('an unpublish on one process is seen at once by the other, and both give the same ETag', async () => {
    const admin = await signIn(first, 'admin1', 'admin123');
    const slug = 'le-hoi-trung-vang-mua-he-2025';
    const read = (app: FastifyInstance) => app.inject({ method: 'GET', url: `/api/news/${slug}` });
    const [a, b] = [await read(first), await read(second)];
    expect(a.statusCode).toBe(200);
    expect(b.headers.etag).toBe(a.headers.etag);

    const id = a.json().data.id;
    await first.inject({ method: 'POST', url: `/api/internal/news/${id}/unpublish`, headers: bearer(admin) });
    await expect.poll(async () => (await read(second)).statusCode, { timeout: 2000, interval: 20 }).toBe(404);
    await first.inject({ method: 'POST', url: `/api/internal/news/${id}/publish`, headers: bearer(admin) });
    await expect.poll(async () => (await read(second)).statusCode, { timeout: 2000, interval: 20 }).toBe(200);
  });
});
