import { z } from 'zod';
import { pageQuerySchema, paged, optionalText, optionalDateTime } from './envelope';
import { roleSchema } from './auth';
import { orderCharacterSchema } from './characters';
import { deliveryStatusSchema } from './mailbox';
import { orderGrantSchema, transactionStatusSchema } from './orders';
import { ticketStatusSchema } from './tickets';

/**
 * Every action the audit log records, grouped by area (the part before the first dot). The API's
 * `recordAudit` takes only these; the console has a sentence and a name for each.
 */
export const auditActions = [
  'approval.request',
  'approval.approve',
  'approval.reject',
  'bank_event.attach',
  'bank_event.refund',
  'bank_event.resolve',
  'bank_feed.run',
  'gift_code.create',
  'home_slide.create',
  'home_slide.update',
  'home_slide.publish',
  'home_slide.hide',
  'home_slide.show',
  'home_slide.move',
  'gift_code.update',
  'gift_code.batch_generate',
  'gift_code.batch_export',
  'mail.retry',
  'email.retry',
  'news.create',
  'news.update',
  'news.publish',
  'news.unpublish',
  'pack.create',
  'pack.update',
  'pack.publish',
  'pack.hide',
  'pack.show',
  'promotion.create',
  'promotion.update',
  'promotion.publish',
  'points.adjust',
  'points.settings_update',
  'points.settings_publish',
  'points.item_create',
  'points.item_update',
  'points.item_publish',
  'session.new_device',
  'session.end',
  'ticket.reply',
  'ticket.status',
  'ticket.delete',
  'transaction.mark_paid',
  'transaction.create_manual',
  'transaction.reset_gold_packages',
  'user.role.change',
  'user.sessions.end',
  'user.second_factor.enable',
  'user.second_factor.recovery_codes',
  'user.second_factor.reset',
  'user.password.reset',
  'vip_tier.create',
  'vip_tier.update',
  'vip_tier.publish',
] as const;
export const auditActionSchema = z.enum(auditActions, { error: 'staff.actionInvalid' });
export type AuditAction = z.infer<typeof auditActionSchema>;

/**
 * What an entry is about, as staff read it: the order's code, the article's title, the member's
 * name and User ID… (`label`), never an id. `id` is only for the link to the object's page. A bank
 * event names the order it paid, when there is one.
 */
const auditTargetSchema = z.object({
  kind: z.string(),
  id: z.string().nullable(),
  label: z.string().nullable(),
  shortId: z.string().nullable(),
  order: z.object({ id: z.string(), code: z.string() }).nullable(),
});
export type AuditTarget = z.infer<typeof auditTargetSchema>;

const auditPersonSchema = z.object({ id: z.string(), displayName: z.string(), shortId: z.string() });

/** One staff action of the audit log. */
const auditEntrySchema = z.object({
  id: z.string(),
  actor: auditPersonSchema.nullable(),
  /** An `auditActions` value (older entries may hold others: the console tells them generically). */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  target: auditTargetSchema.nullable(),
  /** The second admin who approved it, for an action that waited for one. */
  approver: auditPersonSchema.nullable(),
  detail: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = pageQuerySchema.extend({
  action: auditActionSchema.optional(),
  targetType: optionalText(100),
  /** A record's id (lower-cased, as ids are stored) or a User ID. */
  targetId: z.string().trim().max(100).toLowerCase().optional(),
  /** The actor's User ID. */
  actorShortId: optionalText(100),
  from: optionalDateTime,
  to: optionalDateTime,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditPageSchema = paged(auditEntrySchema);

/** The staff accounts (every role but player), for the audit log's "who" filter. */
export const staffMembersSchema = z.array(auditPersonSchema.extend({ role: roleSchema }));
export type StaffMember = z.infer<typeof staffMembersSchema>[number];

export const playerSummarySchema = z.object({
  id: z.string(),
  shortId: z.string(),
  username: z.string().nullable(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  role: roleSchema,
  createdAt: z.string(),
});
export type PlayerSummary = z.infer<typeof playerSummarySchema>;

export const playerQuerySchema = pageQuerySchema.extend({
  /** A User ID, a username or part of a display name. */
  q: optionalText(100),
  role: roleSchema.optional(),
});
export type PlayerQuery = z.infer<typeof playerQuerySchema>;
export const playerPageSchema = paged(playerSummarySchema);

/** A promotion to admin waits for a second admin (decision record 030) and says why it is asked. */
export const roleChangeSchema = z
  .object({ role: roleSchema, reason: optionalText(500) })
  .refine((body) => body.role !== 'admin' || Boolean(body.reason), {
    path: ['reason'],
    error: 'staff.promotionReasonRequired',
  });

/** The console's landing figures; money in dong, days and months in Vietnam's time. */
export const overviewSchema = z.object({
  revenueToday: z.number().int(),
  revenueMonth: z.number().int(),
  ordersPaidToday: z.number().int(),
  ordersWaiting: z.number().int(),
  bankEventsToReview: z.number().int(),
  deliveriesFailed: z.number().int(),
  ticketsOpen: z.number().int(),
});
export type Overview = z.infer<typeof overviewSchema>;

/** How many of each kind of record the player page lists: the most recent ones. */
export const PLAYER_OVERVIEW_LIMIT = 10;

const itemsSchema = z.array(z.object({ itemId: z.string(), quantity: z.number().int() }));
/** Another player named on a record (a gift's buyer or receiver); the id is only for the link. */
const playerRefSchema = z.object({ id: z.string(), shortId: z.string(), displayName: z.string() });

/**
 * GET /api/internal/users/{id}/overview: one player as support reads them, each part from the module
 * that owns it. Ids are only for links to the console's pages; staff read codes, numbers and names.
 */
export const playerOverviewSchema = z.object({
  player: playerSummarySchema.extend({
    /** The latest sign-in (any session, ended or not); null when the account never signed in. */
    lastSignInAt: z.string().nullable(),
  }),
  /** Orders the player bought or receives, newest first. */
  orders: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      productTitle: z.string(),
      totalPrice: z.number().int(),
      accumulatedAmount: z.number().int(),
      status: transactionStatusSchema,
      delivery: deliveryStatusSchema.nullable(),
      /** How the player is part of it. */
      role: z.enum(['bought', 'received', 'both']),
      /** The other side of a gift: the receiver of what they bought, the buyer of what they received. */
      counterpart: playerRefSchema.nullable(),
      /** A staff grant's requester and approver; null for an order placed in the store. */
      grant: orderGrantSchema.nullable(),
      /** The server and character that receive the pack; null for the account. */
      character: orderCharacterSchema.nullable(),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
  tickets: z.array(
    z.object({
      id: z.string(),
      number: z.number().int(),
      title: z.string(),
      status: ticketStatusSchema,
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  giftCodes: z.array(
    z.object({
      giftCodeId: z.string(),
      code: z.string(),
      name: z.string(),
      rewards: itemsSchema,
      delivery: deliveryStatusSchema.nullable(),
      character: orderCharacterSchema.nullable(),
      claimedAt: z.string(),
    }),
  ),
  mails: z.array(
    z.object({
      title: z.string(),
      items: itemsSchema,
      status: deliveryStatusSchema,
      /** The console page of what earned the mail, when it has one. */
      link: z.object({ kind: z.enum(['order', 'giftCode']), id: z.string() }).nullable(),
      character: orderCharacterSchema.nullable(),
      createdAt: z.string(),
      deliveredAt: z.string().nullable(),
    }),
  ),
  /** The live sessions, the most recently used first. */
  sessions: z.array(z.object({ device: z.string(), createdAt: z.string(), lastSeenAt: z.string() })),
});
export type PlayerOverview = z.infer<typeof playerOverviewSchema>;
