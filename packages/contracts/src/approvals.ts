import { z } from 'zod';
import { optionalText, pageQuerySchema, paged, requiredText } from './envelope';

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
} as const;

export const approvalMessages = {
  pending: 'Đã gửi yêu cầu. Thao tác sẽ được thực hiện khi một quản trị viên khác duyệt.',
  notFound: 'Không tìm thấy yêu cầu duyệt.',
  decided: 'Yêu cầu này đã được xử lý.',
  expired: 'Yêu cầu đã hết hạn sau 24 giờ. Hãy gửi lại yêu cầu mới.',
  ownRequest: 'Bạn không thể tự duyệt yêu cầu của mình. Cần một quản trị viên khác.',
  rejectReasonRequired: 'Vui lòng nhập lý do từ chối.',
  approved: 'Đã duyệt và thực hiện thao tác.',
  rejected: 'Đã từ chối yêu cầu.',
} as const;

/** What waits for approval: a manual grant, a large mark-paid or refund, a promotion to admin. */
export const approvalKinds = ['order.grant', 'order.mark_paid', 'bank_event.refund', 'user.role_admin'] as const;
export type ApprovalKind = (typeof approvalKinds)[number];

/** `expired`: still undecided 24 hours after it was asked. */
export const approvalStatuses = ['pending', 'approved', 'rejected', 'expired'] as const;
export const approvalStatusSchema = z.enum(approvalStatuses);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

const staffMemberSchema = z.object({ id: z.string(), displayName: z.string(), shortId: z.string() });

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
  requester: staffMemberSchema,
  decider: staffMemberSchema.nullable(),
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

export const approvalRejectBodySchema = z.object({
  reason: requiredText(approvalMessages.rejectReasonRequired, 500),
});

/** The answer of an action that now waits for approval (HTTP 202). */
export const approvalPendingSchema = z.object({
  code: z.literal(approvalCodes.pending),
  message: z.string(),
  data: z.object({ approvalId: z.string() }),
});
export type ApprovalPending = z.infer<typeof approvalPendingSchema>;
