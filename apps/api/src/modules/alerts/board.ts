import { alertRules, type AlertChannel, type AlertRule, type HealthBoard } from '@carabala/contracts';
import type { Config, Db } from '../../lib/deps';
import { findStates, recentEvents } from './repository';
import { rules, type Limits, type Signals } from './rules';

/** Alerts the health board lists. */
const HISTORY = 20;

type Probe = HealthBoard['database'];
/** The checks of the database and Redis (null: Redis is not configured). */
export interface Probes {
  database: () => Promise<unknown>;
  redis: (() => Promise<unknown>) | null;
  /** The game connector of this process (its circuit breaker's state). */
  game: () => { mode: 'embedded' | 'connected'; reachable: boolean; unreachableSince: Date | null };
}

async function probe(check: () => Promise<unknown>): Promise<Probe> {
  const started = performance.now();
  try {
    await check();
    return { state: 'ok', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { state: 'failed', latencyMs: null };
  }
}

const iso = (at: Date | null) => at?.toISOString() ?? null;
const known = (rule: string): rule is AlertRule => (alertRules as readonly string[]).includes(rule);

/** The staff's health board: every rule's state and reading, the recent alerts, the queue, the probes. */
export async function readHealthBoard(
  {
    db,
    config,
    limits,
    channels,
    pull,
    readSignals,
  }: {
    db: Db;
    config: Config;
    limits: Limits;
    channels: AlertChannel[];
    pull: Signals['pull'];
    readSignals: () => Promise<Signals>;
  },
  probes: Probes,
): Promise<HealthBoard> {
  const [signals, states, events, database, redis] = await Promise.all([
    readSignals(),
    findStates(db),
    recentEvents(db, HISTORY),
    probe(probes.database),
    probes.redis ? probe(probes.redis) : ({ state: 'off', latencyMs: null } as const),
  ]);
  return {
    checkedAt: signals.now.toISOString(),
    channels,
    evaluateSeconds: config.ALERT_EVALUATE_SECONDS,
    rules: alertRules.map((rule) => {
      const { enabled, detail, threshold, link } = rules[rule](signals, limits);
      const state = states.find((row) => row.rule === rule);
      return {
        rule,
        enabled,
        firing: state?.firing ?? false,
        since: iso(state?.since ?? null),
        detail,
        threshold,
        link,
      };
    }),
    history: events.flatMap((event) =>
      known(event.rule)
        ? [
            {
              id: event.id,
              rule: event.rule,
              kind: event.kind,
              at: event.at.toISOString(),
              detail: event.detail,
              sentAt: iso(event.sentAt),
              sendError: event.sentAt ? null : event.lastError,
            },
          ]
        : [],
    ),
    bankFeed: { lastEventAt: iso(signals.bank.lastEventAt), ordersAwaitingPayment: signals.orders.count },
    pull: {
      enabled: pull.enabled,
      everyMinutes: pull.everyMinutes,
      lastSucceededAt: iso(signals.bank.pullLastSucceededAt),
      lastFinishedAt: iso(signals.bank.pullLastFinishedAt),
      lastError: signals.bank.pullLastError,
    },
    worker: { lastBeatAt: iso(signals.workerBeatAt) },
    mailbox: { ...signals.mail, oldestUndeliveredAt: iso(signals.mail.oldestUndeliveredAt) },
    database,
    redis,
    game: (({ mode, reachable, unreachableSince }) => ({ mode, reachable, unreachableSince: iso(unreachableSince) }))(
      probes.game(),
    ),
  };
}
