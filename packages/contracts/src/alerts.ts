import { z } from 'zod';

/**
 * The operator alerts (issue 27): the rules the worker evaluates, what they sent to chat, and the staff's
 * health board (GET /api/internal/health-board).
 */
export const alertRules = [
  'bank_feed_silent',
  'webhook_refused',
  'mail_stuck',
  'money_waiting',
  'server_errors',
  'worker_silent',
  'pull_silent',
] as const;
export const alertRuleSchema = z.enum(alertRules);
export type AlertRule = z.infer<typeof alertRuleSchema>;

/** An alert starts (the rule's condition became true) or ends ("đã khôi phục"). */
export const alertEventKinds = ['started', 'ended'] as const;
export const alertEventKindSchema = z.enum(alertEventKinds);

/** The chat channels an alert goes to, each on only when configured. */
export const alertChannels = ['telegram', 'slack', 'discord', 'webhook'] as const;
export const alertChannelSchema = z.enum(alertChannels);
export type AlertChannel = z.infer<typeof alertChannelSchema>;

const timestamp = z.string();

export const healthRuleSchema = z.object({
  rule: alertRuleSchema,
  /** False when the rule has nothing to watch (the bank-feed pull is not configured). */
  enabled: z.boolean(),
  /** Whether the alert is on (as last sent to chat). */
  firing: z.boolean(),
  /** When the rule last changed state (alerting since, or fine since); null before its first change. */
  since: timestamp.nullable(),
  /** What the rule measures now, in a Vietnamese sentence. */
  detail: z.string(),
  /** When it alerts, in a Vietnamese sentence. */
  threshold: z.string(),
  /** The console page that shows the problem. */
  link: z.string(),
});
export type HealthRule = z.infer<typeof healthRuleSchema>;

export const alertEventSchema = z.object({
  id: z.string(),
  rule: alertRuleSchema,
  kind: alertEventKindSchema,
  at: timestamp,
  /** What the rule measured when it changed, in a Vietnamese sentence. */
  detail: z.string(),
  /** When every configured channel took the message; null while it is still being retried. */
  sentAt: timestamp.nullable(),
  /** Why the last attempt failed, while it is being retried. */
  sendError: z.string().nullable(),
});
export type AlertEvent = z.infer<typeof alertEventSchema>;

const probeSchema = z.object({
  /** `off`: not configured (Redis is optional). */
  state: z.enum(['ok', 'failed', 'off']),
  /** How long the answer took, in milliseconds; null unless ok. */
  latencyMs: z.number().nullable(),
});

export const healthBoardSchema = z.object({
  checkedAt: timestamp,
  /** Where alerts are sent; empty when no channel is configured. */
  channels: z.array(alertChannelSchema),
  /** How often the worker evaluates the rules, in seconds. */
  evaluateSeconds: z.number(),
  rules: z.array(healthRuleSchema),
  /** The latest alerts started and ended, newest first. */
  history: z.array(alertEventSchema),
  bankFeed: z.object({ lastEventAt: timestamp.nullable(), ordersAwaitingPayment: z.number().int() }),
  pull: z.object({
    enabled: z.boolean(),
    everyMinutes: z.number(),
    lastSucceededAt: timestamp.nullable(),
    lastFinishedAt: timestamp.nullable(),
    lastError: z.string().nullable(),
  }),
  /** The mailbox worker's last heartbeat (its last round of the outbox). */
  worker: z.object({ lastBeatAt: timestamp.nullable() }),
  mailbox: z.object({
    pending: z.number().int(),
    /** Not delivered, and the last 3 or more attempts failed. */
    failing: z.number().int(),
    dead: z.number().int(),
    oldestUndeliveredAt: timestamp.nullable(),
  }),
  database: probeSchema,
  redis: probeSchema,
  /** The game's back end as the answering API process sees it: embedded, or connected and whether it answers. */
  game: z.object({
    mode: z.enum(['embedded', 'connected']),
    reachable: z.boolean(),
    /** Since when its circuit has been open (the game not answering); null while it answers. */
    unreachableSince: timestamp.nullable(),
  }),
});
export type HealthBoard = z.infer<typeof healthBoardSchema>;
