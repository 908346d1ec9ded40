import { alertRules, type AlertRule } from '@carabala/contracts';
import { text } from '../../lib/sentences';
import type { Db, Logger } from '../../lib/deps';
import type { AlertMessage, Channel } from './channels';
import { changeState, findStates, pruneActivity, recordSending, takeUnsent, type UnsentEvent } from './repository';
import { duration, rules, type Limits, type Signals } from './rules';

/** Alerts taken at once, batches per evaluation at most, and how long an evaluator holds those it is sending. */
const SEND_BATCH = 10;
const SEND_BATCHES = 10;
const SEND_LEASE_SECONDS = 150;

/** The whole message of one alert, in Vietnamese, with its link. */
export function alertMessage(event: Pick<UnsentEvent, 'rule' | 'kind' | 'detail' | 'at'>, link: string): AlertMessage {
  const title = text(`adminOps.alertRules.${event.rule}`);
  const head = text(event.kind === 'started' ? 'server.alerts.started' : 'server.alerts.ended', { title });
  return {
    rule: event.rule,
    kind: event.kind,
    title,
    detail: event.detail,
    link,
    at: event.at,
    text: `${head}\n${event.detail}\nXem: ${link}`,
  };
}

export interface EvaluatorDeps {
  db: Db;
  log: Logger;
  limits: Limits;
  channels: Channel[];
  /** The site's public address: the console links start with it. */
  siteUrl: string;
  readSignals: () => Promise<Signals>;
}

/**
 * One evaluation: every rule reads the signals; a rule whose verdict differs from its stored state moves it
 * (one evaluator wins the move, and writes the alert), then the alerts not yet sent go to every channel.
 * A channel that fails is retried at the next evaluation; the others are not sent twice.
 */
export function createEvaluator({ db, log, limits, channels, siteUrl, readSignals }: EvaluatorDeps) {
  const origin = siteUrl.replace(/\/$/, '');
  const linkOf = (rule: AlertRule, signals: Signals) => `${origin}${rules[rule](signals, limits).link}`;

  async function evaluate(): Promise<{ started: AlertRule[]; ended: AlertRule[]; signals: Signals }> {
    const [signals, states] = await Promise.all([readSignals(), findStates(db)]);
    const started: AlertRule[] = [];
    const ended: AlertRule[] = [];
    for (const rule of alertRules) {
      const state = states.find((row) => row.rule === rule);
      const verdict = rules[rule](signals, limits);
      if (!state || state.firing === verdict.firing) continue;
      const lasted = text('server.alerts.lasted', {
        duration: duration(signals.now.getTime() - state.since.getTime()),
      });
      const detail = verdict.firing ? verdict.detail : `${verdict.detail}${lasted}`;
      if (await changeState(db, rule, verdict.firing, detail)) (verdict.firing ? started : ended).push(rule);
    }
    await pruneActivity(db);
    return { started, ended, signals };
  }

  /** Sends one alert to the channels that have not taken it; false when one of them failed. */
  async function sendOne(event: UnsentEvent, signals: Signals): Promise<boolean> {
    const message = alertMessage(event, linkOf(event.rule, signals));
    const waiting = channels.filter((channel) => !event.channelsSent.includes(channel.name));
    const outcomes = await Promise.all(
      waiting.map((channel) =>
        channel.send(message).then(
          () => null,
          (error: unknown) => ({
            channel: channel.name,
            error: error instanceof Error ? error.message : String(error),
          }),
        ),
      ),
    );
    const failures = outcomes.filter((outcome) => outcome !== null);
    const channelsSent = [
      ...event.channelsSent,
      ...waiting.filter((channel) => !failures.some((failure) => failure.channel === channel.name)).map((c) => c.name),
    ];
    const error =
      failures.length > 0
        ? failures
            .map((failure) => failure.error)
            .join('; ')
            .slice(0, 500)
        : null;
    if (error)
      log.warn({ rule: event.rule, kind: event.kind, err: error }, 'alert not sent yet: retried next evaluation');
    await recordSending(db, event.id, { channelsSent, error, done: failures.length === 0 });
    return failures.length === 0;
  }

  /**
   * Sends the alerts not every channel has taken yet, oldest first, a batch at a time; after a failure the
   * rest waits for the next evaluation. Returns how many alerts were tried.
   */
  async function sendPending(signals: Signals): Promise<number> {
    let tried = 0;
    for (let batch = 0; batch < SEND_BATCHES; batch += 1) {
      const events = await takeUnsent(db, SEND_BATCH, SEND_LEASE_SECONDS);
      let failed = false;
      for (const event of events) failed = !(await sendOne(event, signals)) || failed;
      tried += events.length;
      if (failed || events.length < SEND_BATCH) break;
    }
    return tried;
  }

  return {
    evaluate,
    sendPending,
    /** Evaluates, then sends: what the timer runs. */
    async run(): Promise<void> {
      const { signals } = await evaluate();
      await sendPending(signals);
    },
  };
}
