import { Gauge, type Counter, type Registry } from 'prom-client';
import type { Logger } from '../../lib/deps';
import type { Signals } from './rules';

const seconds = (at: Date | null) => (at ? at.getTime() / 1000 : 0);
const age = (signals: Signals, at: Date | null) => (at ? (signals.now.getTime() - at.getTime()) / 1000 : 0);

/** The gauges of the operator alerts (docs: the metrics contract of issue 27), with their reading. */
const gauges: [name: string, help: string, value: (signals: Signals) => number][] = [
  [
    'carabala_bank_event_last_received_timestamp_seconds',
    'Unix time the newest bank event (webhook or pull) was stored; 0 if none',
    (s) => seconds(s.bank.lastEventAt),
  ],
  ['carabala_orders_awaiting_payment', 'Orders open and not expired, waiting for money', (s) => s.orders.count],
  [
    'carabala_mail_oldest_undelivered_age_seconds',
    'Age of the oldest mail not yet delivered to the game; 0 if none',
    (s) => age(s, s.mail.oldestUndeliveredAt),
  ],
  ['carabala_mail_failing', 'Mails not delivered whose last 3 or more attempts failed', (s) => s.mail.failing],
  [
    'carabala_bank_money_held_oldest_age_seconds',
    'Age of the oldest bank money held for staff review; 0 if none',
    (s) => age(s, s.bank.heldOldestAt),
  ],
  [
    'carabala_worker_heartbeat_timestamp_seconds',
    "Unix time of the mailbox worker's last heartbeat; 0 if none",
    (s) => seconds(s.workerBeatAt),
  ],
  [
    'carabala_bank_pull_last_success_timestamp_seconds',
    'Unix time of the last successful bank-feed pull; 0 if never',
    (s) => seconds(s.bank.pullLastSucceededAt),
  ],
  ['carabala_bank_pull_enabled', '1 when a bank-feed pull is configured, else 0', (s) => (s.pull.enabled ? 1 : 0)],
];

/** How long one reading of the signals serves the gauges: one scrape reads the database once. */
const READING_MS = 1_000;

/**
 * Adds the alerts' gauges to `registry`, read from the database (shared by every process) when it is
 * scraped, and the counter of refused webhook calls. A reading that fails leaves the gauges as they were.
 */
export function registerAlertMetrics(
  registry: Registry,
  { readSignals, refusedCounter, log }: { readSignals: () => Promise<Signals>; refusedCounter: Counter; log: Logger },
) {
  let reading: { at: number; signals: Promise<Signals | null> } | undefined;
  const read = () => {
    if (!reading || Date.now() - reading.at > READING_MS) {
      reading = {
        at: Date.now(),
        signals: readSignals().catch((error: unknown) => {
          log.warn({ err: error }, 'alert metrics not read');
          return null;
        }),
      };
    }
    return reading.signals;
  };
  for (const [name, help, value] of gauges) {
    registry.registerMetric(
      new Gauge({
        name,
        help,
        registers: [],
        async collect() {
          const signals = await read();
          if (signals) this.set(value(signals));
        },
      }),
    );
  }
  registry.registerMetric(refusedCounter);
}
