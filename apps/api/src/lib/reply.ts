import { codes } from '@carabala/contracts';

/** The success envelope (no spread: it is built on every answer). */
export const ok = <T>(data: T, message?: string): { code: typeof codes.success; message?: string; data: T } =>
  message ? { code: codes.success, message, data } : { code: codes.success, data };

/**
 * What a handler answers when its action now waits for a second admin (decision record 030): the
 * route sends 202 `api.approval.pending` with the request's id.
 */
export class PendingApproval {
  constructor(readonly approvalId: string) {}
}
