import { createBreaker } from '../src/modules/game/breaker';
import { createEmbeddedBackend } from '../src/modules/game/embedded-backend';
import { createGameMetrics } from '../src/modules/game/metrics';
import { createRemoteBackend } from '../src/modules/game/remote-backend';
import type { Db } from '../src/lib/deps';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The contract's answer of a mail taken (POST /mails), for the tests' stand-in game servers. */
export const MAIL_TAKEN = JSON.stringify({ result: 'ok', duplicate: false });

/** The remote client to a stand-in game at `url`, its breaker out of the way unless a test sets it. */
export function remoteGame(url: string, secret: string, options: { timeoutMs?: number; breakerFailures?: number } = {}) {
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
export const embeddedGame = (db: Db) => createEmbeddedBackend({ db });
