import type { Registry } from 'prom-client';
import type { Config, Db, Logger } from '../../lib/deps';
import { createActivity, type AnswerTotals } from './activity';
import { configuredChannels } from './channels';
import { createEvaluator } from './evaluator';
import { registerAlertMetrics } from './metrics';
import { readHealthBoard, type Probes } from './board';
import { beat, readOwnSignals, WORKER } from './repository';
import type { Limits, Signals } from './rules';

/** The worker's heartbeat is written this often at most (and at every evaluation's pace when faster). */
const BEAT_MS = 30_000;

export interface AlertsDeps {
  db: Db;
  config: Config;
  log: Logger;
  /** The other modules' figures, read through their faces (services.ts hands them over). */
  sources: {
    bankFeed: () => Promise<Signals['bank']>;
    ordersAwaitingPayment: () => Promise<Signals['orders']>;
    mailQueue: () => Promise<Signals['mail']>;
  };
  pull: Signals['pull'];
  /** The mailbox worker's last round in this process (its heartbeat, written while the evaluator runs). */
  workerRoundAt: () => Date | null;
  /** This process's answers, counted by the metrics plugin (API processes only). */
  answers?: AnswerTotals;
}

/**
 * The operator alerts: the counts every API process shares (activity), the evaluator the worker runs every
 * ALERT_EVALUATE_SECONDS (rules, state changes, sending to chat), the gauges of /api/metrics and the
 * staff's health board.
 */
export function createAlerts({ db, config, log, sources, pull, workerRoundAt, answers }: AlertsDeps) {
  const limits: Limits = config;
  const channels = configuredChannels(config);
  const activity = createActivity({ db, log, answers });

  async function readSignals(): Promise<Signals> {
    const [own, bank, orders, mail] = await Promise.all([
      readOwnSignals(db),
      sources.bankFeed(),
      sources.ordersAwaitingPayment(),
      sources.mailQueue(),
    ]);
    return { now: own.now, bank, orders, mail, recent: own.recent, workerBeatAt: own.workerBeatAt, pull };
  }

  const evaluator = createEvaluator({ db, log, limits, channels, siteUrl: config.PUBLIC_WEB_URL, readSignals });
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<void> | undefined;

  /** Writes the mailbox worker's heartbeat: the time its loop last finished a round, not the time now. */
  async function beatWorker(): Promise<void> {
    const round = workerRoundAt();
    if (round) await beat(db, WORKER, round);
  }

  /** One evaluation (and its sending) at a time; a failure is logged, never thrown. */
  function runEvaluation(): Promise<void> {
    running ??= beatWorker()
      .then(() => evaluator.run())
      .catch((error: unknown) => log.error({ err: error }, 'alert evaluation failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    /** The SePay webhook refused a call for its key (counted for the rule and for Prometheus). */
    webhookRefused: () => activity.webhookRefused(),
    flushActivity: activity.flush,
    readSignals,
    evaluate: evaluator.evaluate,
    sendPending: evaluator.sendPending,
    beatWorker,
    /** Adds the alerts' gauges and counter to the API's /api/metrics. */
    registerMetrics: (registry: Registry) =>
      registerAlertMetrics(registry, { readSignals, refusedCounter: activity.refusedCounter, log }),

    /** The staff's health board: every rule's state and reading, the recent alerts, the queue, the probes. */
    healthBoard: (probes: Probes) =>
      readHealthBoard(
        { db, config, limits, channels: channels.map((channel) => channel.name), pull, readSignals },
        probes,
      ),

    /** Adds this API process's counts to the shared rows every few seconds. */
    startActivity: () => activity.start(),

    /** Runs where the mailbox worker runs: the heartbeat, and the rules every ALERT_EVALUATE_SECONDS. */
    startEvaluator() {
      if (timers.length > 0) return;
      const every = config.ALERT_EVALUATE_SECONDS * 1000;
      const beating = () => beatWorker().catch((error: unknown) => log.warn({ err: error }, 'heartbeat not written'));
      timers.push(setTimeout(beating, 2_000), setInterval(beating, Math.min(BEAT_MS, every)));
      // The first evaluation waits one interval: the worker and the pull have had their first round by then.
      timers.push(setInterval(() => void runEvaluation(), every));
    },

    async stop(): Promise<void> {
      for (const timer of timers.splice(0)) clearTimeout(timer);
      await Promise.all([running, activity.stop()]);
    },
  };
}

export type AlertsService = ReturnType<typeof createAlerts>;
