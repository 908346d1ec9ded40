import { afterAll, beforeAll } from 'vitest';
import { startGameStandIn, type GameStandIn } from '../../../tools/game/server';
import { buildApp } from '../src/app';
import { seedDemoData } from '../src/db/seed';
import { configuredPasswordHasher } from '../src/modules/auth';
import { createBreaker } from '../src/modules/game/breaker';
import { createEmbeddedBackend } from '../src/modules/game/embedded-backend';
import { createGameMetrics } from '../src/modules/game/metrics';
import { createRemoteBackend } from '../src/modules/game/remote-backend';
import type { Db } from '../src/lib/deps';
import { createTestDatabase, testConfig, type TestContext } from './helpers';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The contract's answer of a mail taken (POST /mails), for the tests' stand-in game servers. */
export const MAIL_TAKEN = JSON.stringify({ result: 'ok', duplicate: false });

/** The remote client to a stand-in game at `url`, its breaker out of the way unless a test sets it. */
export function remoteGame(
  url: string,
  secret: string,
  options: { timeoutMs?: number; breakerFailures?: number } = {},
) {
  const breaker = createBreaker({ failures: options.breakerFailures ?? 1_000_000, cooldownMs: 1_000 });
  return createRemoteBackend({
    url,
    secret,
    timeoutMs: options.timeoutMs ?? 2_000,
    mailTimeoutMs: options.timeoutMs ?? 2_000,
    breaker,
    metrics: createGameMetrics(breaker),
    log: silent,
  });
}

/** The embedded game (the site's own tables, the mailbox recording deliveries itself). */
export const embeddedGame = (db: Db) =>
  createEmbeddedBackend({ db, passwords: configuredPasswordHasher(testConfig()) });

/** A suite's app in connected mode (GAME_API_URL) against the reference game server, in-process on port 0. */
export interface ConnectedContext extends TestContext {
  game: GameStandIn;
}

export const TEST_GAME_API_SECRET = 'test-game-api-secret-0123456789';
export const TEST_GAME_CALLBACK_SECRET = 'test-game-callback-secret-0123456789';

/** Registers hooks that start the reference game server, then a fresh seeded database and an app calling it. */
export function useConnectedApp(overrides: Record<string, string> = {}): ConnectedContext {
  const context = {} as ConnectedContext;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    context.game = await startGameStandIn({ port: 0, apiSecret: TEST_GAME_API_SECRET });
    const created = await createTestDatabase();
    drop = created.drop;
    context.database = created.database;
    context.url = created.url;
    context.config = testConfig({
      GAME_API_URL: context.game.url,
      GAME_API_SECRET: TEST_GAME_API_SECRET,
      ...overrides,
    });
    await seedDemoData(created.database.db, context.config.JWT_SECRET);
    context.app = await buildApp({ config: context.config, database: created.database, ownsDatabase: false });
    await context.app.ready();
  }, 60_000);
  afterAll(async () => {
    await context.app?.close();
    await context.game?.close();
    await drop?.();
  });
  return context;
}
