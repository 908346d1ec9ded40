import { z } from 'zod';
import { pageQuerySchema, paged, optionalText, optionalDateTime } from './envelope';
import { roleSchema } from './auth';

/** One staff action of the audit log. */
const auditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string(), displayName: z.string(), shortId: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  detail: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = pageQuerySchema.extend({
  action: optionalText(100),
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
    error: 'Vui lòng nhập lý do cấp quyền quản trị viên.',
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
