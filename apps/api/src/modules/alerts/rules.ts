import type { AlertRule } from '@carabala/contracts';
import { formatDuration } from '@carabala/contracts/labels';
import type { Config } from '../../lib/deps';

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
export const duration = (ms: number) => formatDuration(ms / 1000);

const count = (value: number) => value.toLocaleString('vi-VN');
const since = (now: Date, at: Date) => now.getTime() - at.getTime();

function bankFeedSilent(s: Signals, limits: Limits): Verdict {
  const waiting = s.orders.count;
  // Before the first bank event ever, the silence is counted from the oldest order waiting.
  const quietFrom = s.bank.lastEventAt ?? s.orders.oldestAt;
  const limitMs = limits.ALERT_FEED_SILENT_MINUTES * MINUTE;
  const orders = waiting > 0 ? `${count(waiting)} đơn đang chờ thanh toán` : 'Không có đơn nào chờ thanh toán';
  const last = s.bank.lastEventAt
    ? `giao dịch ngân hàng gần nhất cách đây ${duration(since(s.now, s.bank.lastEventAt))}`
    : 'chưa nhận giao dịch ngân hàng nào';
  return {
    enabled: true,
    firing: waiting > 0 && quietFrom !== null && since(s.now, quietFrom) > limitMs,
    detail: `${orders}; ${last}.`,
    threshold: `Cảnh báo khi ${duration(limitMs)} không có giao dịch ngân hàng nào mà vẫn có đơn chờ thanh toán.`,
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
        ? `${count(refused)} lần gọi webhook ngân hàng sai khóa trong ${RECENT_MINUTES} phút qua.`
        : `Không có lần gọi webhook ngân hàng nào sai khóa trong ${RECENT_MINUTES} phút qua.`,
    threshold: `Cảnh báo khi quá ${count(limits.ALERT_WEBHOOK_REFUSED_COUNT)} lần sai khóa trong ${RECENT_MINUTES} phút (khóa SePay sai hoặc bị dò).`,
    link: BOARD,
  };
}

function mailStuck(s: Signals, limits: Limits): Verdict {
  const { pending, dead, failing, oldestUndeliveredAt } = s.mail;
  const limitMs = limits.ALERT_MAIL_STUCK_MINUTES * MINUTE;
  const age = oldestUndeliveredAt ? since(s.now, oldestUndeliveredAt) : 0;
  const parts = [`${count(pending)} thư đang chờ gửi`, `${count(dead)} thư gửi thất bại`];
  if (oldestUndeliveredAt) parts.push(`thư lâu nhất đã chờ ${duration(age)}`);
  if (failing > 0) parts.push(`${count(failing)} thư lỗi từ 3 lần trở lên`);
  return {
    enabled: true,
    firing: age > limitMs || failing > 0,
    detail: pending + dead === 0 ? 'Mọi thư đã được giao tới game.' : `${parts.join('; ')}.`,
    threshold: `Cảnh báo khi một thư chưa giao sau ${duration(limitMs)}, hoặc một thư lỗi 3 lần liền.`,
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
      heldCount > 0
        ? `${count(heldCount)} khoản tiền chờ nhân viên xử lý; khoản lâu nhất đã chờ ${duration(age)}.`
        : 'Không có khoản tiền nào chờ xử lý.',
    threshold: `Cảnh báo khi một khoản tiền chờ xử lý quá ${duration(limitMs)}.`,
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
    detail: `${count(errors)} lỗi 5xx trên ${count(answers)} câu trả lời trong ${RECENT_MINUTES} phút qua (${shown}%).`,
    threshold: `Cảnh báo khi quá ${limits.ALERT_ERROR_PERCENT}% câu trả lời trong ${RECENT_MINUTES} phút là lỗi 5xx (từ ${MIN_ANSWERS} câu trả lời).`,
    link: BOARD,
  };
}

function workerSilent(s: Signals, limits: Limits): Verdict {
  const limitMs = limits.ALERT_HEARTBEAT_MINUTES * MINUTE;
  const beat = s.workerBeatAt;
  return {
    enabled: true,
    firing: beat === null || since(s.now, beat) > limitMs,
    detail: beat
      ? `Worker gửi thư báo còn chạy cách đây ${duration(since(s.now, beat))}.`
      : 'Worker gửi thư chưa từng báo còn chạy.',
    threshold: `Cảnh báo khi worker không báo còn chạy trong ${duration(limitMs)}.`,
    link: BOARD,
  };
}

function pullSilent(s: Signals, limits: Limits): Verdict {
  // A pull runs every SEPAY_PULL_MINUTES: it is late only after two of its rounds.
  const limitMs = Math.max(limits.ALERT_HEARTBEAT_MINUTES, 2 * s.pull.everyMinutes) * MINUTE;
  const success = s.bank.pullLastSucceededAt;
  const detail = !s.pull.enabled
    ? 'Đối soát tự động chưa được bật.'
    : success
      ? `Lần đối soát thành công gần nhất cách đây ${duration(since(s.now, success))}.`
      : 'Đối soát tự động chưa thành công lần nào.';
  return {
    enabled: s.pull.enabled,
    firing: s.pull.enabled && (success === null || since(s.now, success) > limitMs),
    detail: s.pull.enabled && s.bank.pullLastError ? `${detail} Lỗi gần nhất: ${s.bank.pullLastError}` : detail,
    threshold: `Cảnh báo khi không có lần đối soát thành công nào trong ${duration(limitMs)}.`,
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
