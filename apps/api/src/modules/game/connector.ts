import type { Config, Db, Logger } from '../../lib/deps';
import type { SharedRedis } from '../../lib/shared-redis';
import type { PasswordHasher } from '../auth';
import type { GameBackend } from './backend';
import { createBreaker, type CircuitBreaker } from './breaker';
import { createEmbeddedBackend } from './embedded-backend';
import { createLookupCache } from './lookup-cache';
import { createGameMetrics, type GameMetrics } from './metrics';
import { createGamePlayers, type GamePlayers } from './players';
import { createRemoteBackend } from './remote-backend';

/** The game connector's state for the health board: embedded, or connected and whether the game answers. */
export interface GameConnectorState {
  mode: GameBackend['mode'];
  /** Connected: whether the circuit is open (the game did not answer the last calls). */
  reachable: boolean;
  /** Since when it has not answered; null while it does. */
  unreachableSince: Date | null;
}

export interface GameConnector {
  backend: GameBackend;
  players: GamePlayers;
  metrics: GameMetrics;
  breaker: CircuitBreaker;
  state(): GameConnectorState;
}

/**
 * One connector per process: the remote client with its circuit breaker when GAME_API_URL is set, the
 * embedded account service otherwise; the players read through it either way (one code path).
 */
export function createGameConnector({
  db,
  config,
  log,
  passwords,
  redis = null,
}: {
  db: Db;
  config: Config;
  log: Logger;
  passwords: PasswordHasher;
  redis?: SharedRedis | null;
}): GameConnector {
  const breaker = createBreaker({
    failures: config.GAME_BREAKER_FAILURES,
    cooldownMs: config.GAME_BREAKER_COOLDOWN_SECONDS * 1000,
  });
  const metrics = createGameMetrics(breaker);
  const backend =
    config.GAME_API_URL && config.GAME_API_SECRET
      ? createRemoteBackend({
          url: config.GAME_API_URL,
          secret: config.GAME_API_SECRET,
          timeoutMs: config.GAME_API_TIMEOUT_MS,
          mailTimeoutMs: config.MAILBOX_TIMEOUT_MS,
          breaker,
          metrics,
          log,
        })
      : createEmbeddedBackend({ db, passwords });
  const cache =
    backend.mode === 'connected'
      ? createLookupCache({
          redis,
          freshSeconds: config.GAME_LOOKUP_CACHE_SECONDS,
          // A stale answer serves while the game is away, for ten times as long.
          keepSeconds: config.GAME_LOOKUP_CACHE_SECONDS * 10,
        })
      : null;
  return {
    backend,
    players: createGamePlayers({ db, backend, cache, log }),
    metrics,
    breaker,
    state: () => ({
      mode: backend.mode,
      reachable: !breaker.open,
      unreachableSince: breaker.openSince,
    }),
  };
}
