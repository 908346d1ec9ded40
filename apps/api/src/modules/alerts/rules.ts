import type { AlertRule } from '@carabala/contracts';
import { durationSentence } from '@carabala/contracts/labels';
import type { Config } from '../../lib/deps';
import { text } from '../../lib/sentences';

/** The window of the counted rules (refused webhooks, 5xx answers): this many minutes, all processes. */
export const RECENT_MINUTES = 5;
/** The errors rule says nothing about fewer answers than this in the window (one 5xx of two is not 50 %). */
export const MIN_ANSWERS = 20;

/** What the rules read, once per evaluation; every age is measured from the database's clock (`now`). */
export interface Signals {
  now: Date;
  bank: {
    lastEventAt: Date | null;
    heldCount: number;
    heldOldestAt: Date | null;
    pullLastSucceededAt: Date | null;
    pullLastFinishedAt: Date | null;
    pullLastError: string | null;
  };
  orders: { count: number; oldestAt: Date | null };
  mail: { pending: number; dead: number; failing: number; oldestUndeliveredAt: Date | null };
  /** Counts of the last RECENT_MINUTES, added up over every API process. */
  recent: { answers: number; serverErrors: number; webhookRefused: number };
  workerBeatAt: Date | null;
  pull: { enabled: boolean; everyMinutes: number };
}

export type Limits = Pick<
  Config,
  | 'ALERT_FEED_SILENT_MINUTES'
  | 'ALERT_WEBHOOK_REFUSED_COUNT'
  | 'ALERT_MAIL_STUCK_MINUTES'
  | 'ALERT_MONEY_WAITING_HOURS'
  | 'ALERT_ERROR_PERCENT'
  | 'ALERT_HEARTBEAT_MINUTES'
>;

/** A rule's reading of the signals: whether it alerts, and what it says about it (Vietnamese). */
export interface Verdict {
  enabled: boolean;
  firing: boolean;
  /** What the rule measures now. */
  detail: string;
  /** When it alerts. */
  threshold: string;
  /** The console page that shows the problem. */
  link: string;
}

const MINUTE = 60_000;
const BOARD = '/admin/health';

/** A length of time in Vietnamese ("45 giây", "12 phút", "2 giờ 5 phút", "1 ngày 1 giờ"), from milliseconds. */
export const duration = (ms: number) => {
  const { key, params } = durationSentence(ms / 1000);
  return text(`server.${key}`, params);
};
/** An alert's words (server.alerts), in Vietnamese. */
const say = (key: string, params?: Record<string, string | number>) => text(`server.alerts.${key}`, params);

const count = (value: number) => value.toLocaleString('vi-VN');
const since = (now: Date, at: Date) => now.getTime() - at.getTime();

function bankFeedSilent(s: Signals, limits: Limits): Verdict {
  const waiting = s.orders.count;
  // Before the first bank event ever, the silence is counted from the oldest order waiting.
  const quietFrom = s.bank.lastEventAt ?? s.orders.oldestAt;
  const limitMs = limits.ALERT_FEED_SILENT_MINUTES * MINUTE;
  const orders = waiting > 0 ? say('ordersWaiting', { count: count(waiting) }) : say('noOrdersWaiting');
  const last = s.bank.lastEventAt
    ? say('lastBankEvent', { duration: duration(since(s.now, s.bank.lastEventAt)) })
    : say('noBankEvent');
  return {
    enabled: true,
    firing: waiting > 0 && quietFrom !== null && since(s.now, quietFrom) > limitMs,
    detail: `${orders}; ${last}.`,
    threshold: say('feedSilentThreshold', { duration: duration(limitMs) }),
    link: BOARD,
  };
}

function webhookRefused(s: Signals, limits: Limits): Verdict {
  const refused = s.recent.webhookRefused;
  return {
    enabled: true,
    firing: refused > limits.ALERT_WEBHOOK_REFUSED_COUNT,
    detail:
      refused > 0
        ? say('webhookRefused', { count: count(refused), minutes: RECENT_MINUTES })
        : say('noWebhookRefused', { minutes: RECENT_MINUTES }),
    threshold: say('webhookThreshold', { count: count(limits.ALERT_WEBHOOK_REFUSED_COUNT), minutes: RECENT_MINUTES }),
    link: BOARD,
  };
}

function mailStuck(s: Signals, limits: Limits): Verdict {
  const { pending, dead, failing, oldestUndeliveredAt } = s.mail;
  const limitMs = limits.ALERT_MAIL_STUCK_MINUTES * MINUTE;
  const age = oldestUndeliveredAt ? since(s.now, oldestUndeliveredAt) : 0;
  const parts = [say('mailsPending', { count: count(pending) }), say('mailsDead', { count: count(dead) })];
  if (oldestUndeliveredAt) parts.push(say('oldestMail', { duration: duration(age) }));
  if (failing > 0) parts.push(say('mailsFailing', { count: count(failing) }));
  return {
    enabled: true,
    firing: age > limitMs || failing > 0,
    detail: pending + dead === 0 ? say('allMailDelivered') : `${parts.join('; ')}.`,
    threshold: say('mailThreshold', { duration: duration(limitMs) }),
    link: dead > 0 ? '/admin/deliveries?status=dead' : '/admin/deliveries?status=pending',
  };
}

function moneyWaiting(s: Signals, limits: Limits): Verdict {
  const { heldCount, heldOldestAt } = s.bank;
  const limitMs = limits.ALERT_MONEY_WAITING_HOURS * 60 * MINUTE;
  const age = heldOldestAt ? since(s.now, heldOldestAt) : 0;
  return {
    enabled: true,
    firing: age > limitMs,
    detail:
      heldCount > 0 ? say('moneyWaiting', { count: count(heldCount), duration: duration(age) }) : say('noMoneyWaiting'),
    threshold: say('moneyThreshold', { duration: duration(limitMs) }),
    link: '/admin/bank-payments',
  };
}

function serverErrors(s: Signals, limits: Limits): Verdict {
  const { answers, serverErrors: errors } = s.recent;
  const percent = answers > 0 ? (errors * 100) / answers : 0;
  const shown = percent.toLocaleString('vi-VN', { maximumFractionDigits: 1 });
  return {
    enabled: true,
    firing: answers >= MIN_ANSWERS && percent > limits.ALERT_ERROR_PERCENT,
    detail: say('serverErrors', {
      errors: count(errors),
      answers: count(answers),
      minutes: RECENT_MINUTES,
      percent: shown,
    }),
    threshold: say('serverErrorsThreshold', {
      percent: limits.ALERT_ERROR_PERCENT,
      minutes: RECENT_MINUTES,
      answers: MIN_ANSWERS,
    }),
    link: BOARD,
  };
}

function workerSilent(s: Signals, limits: Limits): Verdict {
  const limitMs = limits.ALERT_HEARTBEAT_MINUTES * MINUTE;
  const beat = s.workerBeatAt;
  return {
    enabled: true,
    firing: beat === null || since(s.now, beat) > limitMs,
    detail: beat ? say('workerBeat', { duration: duration(since(s.now, beat)) }) : say('workerNeverBeat'),
    threshold: say('workerThreshold', { duration: duration(limitMs) }),
    link: BOARD,
  };
}

function pullSilent(s: Signals, limits: Limits): Verdict {
  // A pull runs every SEPAY_PULL_MINUTES: it is late only after two of its rounds.
  const limitMs = Math.max(limits.ALERT_HEARTBEAT_MINUTES, 2 * s.pull.everyMinutes) * MINUTE;
  const success = s.bank.pullLastSucceededAt;
  const detail = !s.pull.enabled
    ? say('pullOff')
    : success
      ? say('pullSucceeded', { duration: duration(since(s.now, success)) })
      : say('pullNeverSucceeded');
  return {
    enabled: s.pull.enabled,
    firing: s.pull.enabled && (success === null || since(s.now, success) > limitMs),
    detail:
      s.pull.enabled && s.bank.pullLastError ? say('pullLastError', { detail, error: s.bank.pullLastError }) : detail,
    threshold: say('pullThreshold', { duration: duration(limitMs) }),
    link: BOARD,
  };
}

/** Every rule, in the order the health board lists them. */
export const rules: Record<AlertRule, (signals: Signals, limits: Limits) => Verdict> = {
  bank_feed_silent: bankFeedSilent,
  webhook_refused: webhookRefused,
  mail_stuck: mailStuck,
  money_waiting: moneyWaiting,
  server_errors: serverErrors,
  worker_silent: workerSilent,
  pull_silent: pullSilent,
};
