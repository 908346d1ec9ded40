import { Counter, Gauge, type Registry } from 'prom-client';
import type { CircuitBreaker } from './breaker';

/** How a call to the game ended: answered (ok or a refusal), no answer, off the contract, not tried. */
export type GameCallOutcome = 'ok' | 'refused' | 'failed' | 'invalid' | 'breaker_open';

export interface GameMetrics {
  called(call: string, outcome: GameCallOutcome): void;
  /** Adds game_api_calls_total and game_api_breaker_open to a registry (the API's /api/metrics). */
  register(registry: Registry): void;
}

/** The connector's metrics; the alert rule GameUnreachable reads game_api_breaker_open. */
export function createGameMetrics(breaker: CircuitBreaker): GameMetrics {
  const calls = new Counter({
    name: 'game_api_calls_total',
    help: "Calls to the game's back end (GAME_API_URL) by call and outcome",
    labelNames: ['call', 'outcome'],
    registers: [],
  });
  const open = new Gauge({
    name: 'game_api_breaker_open',
    help: "1 while the circuit to the game's back end is open (calls fail fast), else 0",
    registers: [],
    collect() {
      this.set(breaker.open ? 1 : 0);
    },
  });
  return {
    called: (call, outcome) => calls.inc({ call, outcome }),
    register(registry) {
      registry.registerMetric(calls);
      registry.registerMetric(open);
    },
  };
}
