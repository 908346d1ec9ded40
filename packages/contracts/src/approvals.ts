import { orderCharacterSchema } from './characters';
import { z } from 'zod';
import { storeTabs } from './catalogue';
import { optionalText, pageQuerySchema, paged, requiredText, sentence } from './envelope';

/**
 * Four-eyes approvals (decision record 030): a staff action that moves money or power waits as a
 * request until another admin approves it; the approval applies it once, in the same transaction.
 */
export const approvalCodes = {
  /** 202: the action waits for another admin; `data.approvalId` names the request. */
  pending: 'api.approval.pending',
  notFound: 'api.approval.not_found',
  /** 409: approved or rejected already. */
  decided: 'api.approval.decided',
  /** 409: older than 24 hours; ask again. */
  expired: 'api.approval.expired',
  /** 409 (not 403, which signs the console out): a requester never approves their own request. */
  ownRequest: 'api.approval.own_request',
  /** 409: the world changed since the request in a way that matters (the pack is gone); reject it and ask again. */
  stale: 'api.approval.stale',
  /** 409: only the requester withdraws a request. */
  notOwn: 'api.approval.not_own',
} as const;

export const approvalMessages = {
  pending: 'api.approval.pending',
  notFound: 'api.approval.not_found',
  decided: 'api.approval.decided',
  expired: 'api.approval.expired',
  ownRequest: 'api.approval.own_request',
  rejectReasonRequired: 'approval.rejectReasonRequired',
  approved: 'approval.approved',
  rejected: 'approval.rejected',
  withdrawn: 'approval.withdrawn',
  notOwn: 'api.approval.not_own',
  /** A request stored before its effect was: nothing to apply with certainty. */
  staleUnknown: 'approval.staleUnknown',
  stalePack: (title: string) => sentence('approval.stalePack', { title }),
} as const;

/**
 * What waits for approval: a manual grant; a mark-paid, attach or refund that takes the staff member's
 * rolling 24-hour total to APPROVAL_THRESHOLD_VND; a promotion to admin; resetting an admin's second factor.
 */
export const approvalKinds = [
  'order.grant',
  'order.mark_paid',
  'bank_event.attach',
  'bank_event.refund',
  'user.role_admin',
  'user.second_factor_reset',
  'points.adjust',
] as const;
export type ApprovalKind = (typeof approvalKinds)[number];

/** `expired`: still undecided 24 hours after it was asked. */
export const approvalStatuses = ['pending', 'approved', 'rejected', 'expired'] as const;
export const approvalStatusSchema = z.enum(approvalStatuses);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

const memberSchema = z.object({ id: z.string(), displayName: z.string(), shortId: z.string() });
const itemSchema = z.object({ itemId: z.string(), quantity: z.number().int() });

/**
 * Exactly what an approval applies, stored with the request when it is asked (decision record 030):
 * the approver reads it and the applier carries out this, never what the live catalogue says later.
 */
export const approvalEffectSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('order.grant'),
    receiver: memberSchema,
    productId: z.number().int(),
    packId: z.number().int(),
    /** The pack's title, and the chosen option's when the pack is selectable. */
    packTitle: z.string(),
    choice: z.string().nullable(),
    /** The order's title (the option's for a selectable pack). */
    title: z.string(),
    price: z.number().int(),
    items: z.array(itemSchema),
    tab: z.enum(storeTabs),
    thumbnail: z.string().nullable(),
    /** False when players could not buy the pack when it was asked (its window ended or has not begun). */
    onSale: z.boolean(),
    /** The server and character that receive it (null: the account); absent on requests from before. */
    character: orderCharacterSchema.nullable().optional(),
    /** The order's note. */
    reason: z.string(),
  }),
  z.object({
    kind: z.literal('order.mark_paid'),
    orderId: z.string(),
    orderCode: z.string(),
    title: z.string(),
    amount: z.number().int(),
    receiver: memberSchema,
    note: z.string(),
  }),
  z.object({
    kind: z.literal('bank_event.attach'),
    bankEventId: z.string(),
    amount: z.number().int(),
    content: z.string(),
    orderId: z.string(),
    orderCode: z.string(),
    title: z.string(),
    receiver: memberSchema,
    note: z.string(),
  }),
  z.object({
    kind: z.literal('bank_event.refund'),
    bankEventId: z.string(),
    amount: z.number().int(),
    received: z.number().int(),
    content: z.string(),
    bankReference: z.string(),
    reason: z.string(),
  }),
  z.object({ kind: z.literal('user.role_admin'), member: memberSchema, fromRole: z.string() }),
  z.object({ kind: z.literal('user.second_factor_reset'), member: memberSchema }),
  /** A staff adjustment of a player's points above the published threshold (decision record 060). */
  z.object({ kind: z.literal('points.adjust'), member: memberSchema, points: z.number().int(), reason: z.string() }),
]);
export type ApprovalEffect = z.infer<typeof approvalEffectSchema>;
export type ApprovalEffectOf<K extends ApprovalKind> = Extract<ApprovalEffect, { kind: K }>;

export const approvalSchema = z.object({
  id: z.string(),
  kind: z.enum(approvalKinds),
  status: approvalStatusSchema,
  /** What will be done, in a Vietnamese sentence with names and order codes. */
  summary: z.string(),
  /** Why the requester asks. */
  reason: z.string(),
  /** The money at stake in dong, when there is some. */
  amount: z.number().int().nullable(),
  /** What approving applies, as stored when it was asked; absent for a request stored before effects were. */
  effect: approvalEffectSchema.optional(),
  /** The order it concerns, named by its code: the one an approved grant made, the one a mark-paid or attach acts on. */
  order: z.object({ id: z.string(), code: z.string() }).nullable(),
  requester: memberSchema,
  decider: memberSchema.nullable(),
  decisionReason: z.string().nullable(),
  /** Whether the caller asked: they can reject (withdraw) it but never approve it. */
  mine: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

export const approvalQuerySchema = pageQuerySchema.extend({
  status: approvalStatusSchema.optional(),
  /** Words of the summary, the reason or the requester's name or User ID, ignoring diacritics. */
  q: optionalText(100),
});
export type ApprovalQuery = z.infer<typeof approvalQuerySchema>;
export const approvalPageSchema = paged(approvalSchema);

/** A rejection's reason; a requester withdrawing their own request gives one too. */
export const approvalRejectBodySchema = z.object({
  reason: requiredText(approvalMessages.rejectReasonRequired, 500),
});

/** The answer of an action that now waits for approval (HTTP 202). */
export const approvalPendingSchema = z.object({
  code: z.literal(approvalCodes.pending),
  message: z.string(),
  key: z.string().optional(),
  data: z.object({ approvalId: z.string() }),
});
export type ApprovalPending = z.infer<typeof approvalPendingSchema>;
