import { alertRules, type AlertRule } from '@carabala/contracts';
import { desc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { alertEvents, alertStates } from '../../db/schema';
import { RECENT_MINUTES } from './rules';

/** The heartbeat's name of the mailbox worker. */
export const WORKER = 'mailbox-worker';
/** The counts every API process adds to. */
export type ActivityName = 'answers' | 'server_errors' | 'webhook_refused';

const asDate = (value: string | Date | null) => (value === null ? null : new Date(value));

/**
 * The alerts' own signals, in one statement: the database's clock, the worker's heartbeat and the counts
 * of the last RECENT_MINUTES (this minute and the ones before it) over every API process.
 */
export async function readOwnSignals(db: Db) {
  const recent = (name: ActivityName) => sql`coalesce((SELECT sum(count) FROM activity_counts
      WHERE name = ${name} AND minute > date_trunc('minute', now()) - make_interval(mins => ${RECENT_MINUTES})), 0)::int`;
  const result = await db.execute(sql`SELECT now() AS now,
    (SELECT beat_at FROM heartbeats WHERE name = ${WORKER}) AS "workerBeatAt",
    ${recent('answers')} AS answers, ${recent('server_errors')} AS "serverErrors",
    ${recent('webhook_refused')} AS "webhookRefused"`);
  const [row] = rowsOf<{
    now: string | Date;
    workerBeatAt: string | Date | null;
    answers: number;
    serverErrors: number;
    webhookRefused: number;
  }>(result);
  return {
    now: new Date(row!.now),
    workerBeatAt: asDate(row!.workerBeatAt),
    recent: { answers: row!.answers, serverErrors: row!.serverErrors, webhookRefused: row!.webhookRefused },
  };
}

/** Adds this process's counts to the current minute's rows. */
export async function addActivity(db: Db, counts: [ActivityName, number][]): Promise<void> {
  const rows = counts.filter(([, value]) => value > 0);
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(([name, value]) => sql`(${name}, date_trunc('minute', now()), ${value})`),
    sql`, `,
  );
  await db.execute(sql`INSERT INTO activity_counts (name, minute, count) VALUES ${values}
    ON CONFLICT (name, minute) DO UPDATE SET count = activity_counts.count + excluded.count`);
}

/** The worker's heartbeat moves forward only (two workers beat the same row). */
export async function beat(db: Db, name: string, at: Date): Promise<void> {
  await db.execute(sql`INSERT INTO heartbeats (name, beat_at) VALUES (${name}, ${at.toISOString()}::timestamptz)
    ON CONFLICT (name) DO UPDATE SET beat_at = greatest(heartbeats.beat_at, excluded.beat_at)`);
}

/** Counts older than a day are no longer read. */
export async function pruneActivity(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM activity_counts WHERE minute < now() - interval '1 day'`);
}

export interface RuleState {
  rule: AlertRule;
  firing: boolean;
  since: Date;
}

/** Every rule's state (a rule without a row yet gets one: fine, since now). */
export async function findStates(db: Db): Promise<RuleState[]> {
  await db.execute(sql`INSERT INTO alert_states (rule) SELECT unnest(${`{${alertRules.join(',')}}`}::text[])
    ON CONFLICT (rule) DO NOTHING`);
  const rows = await db.select().from(alertStates);
  return rows.filter((row): row is RuleState => (alertRules as readonly string[]).includes(row.rule));
}

/**
 * Moves a rule to `firing` and writes the alert that reports it, in one statement, only if the rule is
 * not there already: of two evaluators that see the same change, one writes it. True when this one did.
 */
export async function changeState(db: Db, rule: AlertRule, firing: boolean, detail: string): Promise<boolean> {
  const kind = firing ? 'started' : 'ended';
  const result = await db.execute(sql`WITH changed AS (
      UPDATE alert_states SET firing = ${firing}, since = now() WHERE rule = ${rule} AND firing <> ${firing}
      RETURNING rule)
    INSERT INTO alert_events (rule, kind, detail) SELECT rule, ${kind}::alert_event_kind, ${detail} FROM changed RETURNING id`);
  return rowsOf(result).length > 0;
}

export interface UnsentEvent {
  id: string;
  rule: AlertRule;
  kind: 'started' | 'ended';
  detail: string;
  at: Date;
  channelsSent: string[];
}

/**
 * Takes up to `limit` alerts not yet sent to every channel, oldest first, for `leaseSeconds` (SKIP LOCKED:
 * two evaluators take different ones; a taker that dies leaves them to the next after the lease). An alert
 * older than a day is no longer sent.
 */
export async function takeUnsent(db: Db, limit: number, leaseSeconds: number): Promise<UnsentEvent[]> {
  const result = await db.execute(sql`UPDATE alert_events
    SET sending_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
    WHERE id IN (SELECT id FROM alert_events
      WHERE sent_at IS NULL AND at > now() - interval '1 day' AND (sending_until IS NULL OR sending_until < now())
      ORDER BY at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, rule, kind, detail, at, channels_sent AS "channelsSent"`);
  return rowsOf<UnsentEvent & { at: string | Date }>(result)
    .map((row) => ({ ...row, at: new Date(row.at) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Records a sending: the channels that have taken it so far, and the error of those that did not. */
export async function recordSending(
  db: Db,
  id: string,
  { channelsSent, error, done }: { channelsSent: string[]; error: string | null; done: boolean },
): Promise<void> {
  const sentAt: SQL = done ? sql`now()` : sql`NULL`;
  await db.execute(sql`UPDATE alert_events SET channels_sent = ${`{${channelsSent.join(',')}}`}::text[],
    sent_at = ${sentAt}, last_error = ${error}, sending_until = NULL WHERE id = ${id}`);
}

/** The latest alerts started and ended, newest first (the health board's history). */
export function recentEvents(db: Db, limit: number) {
  return db.select().from(alertEvents).orderBy(desc(alertEvents.at)).limit(limit);
}
