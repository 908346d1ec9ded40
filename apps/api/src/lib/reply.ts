import { codes } from '@carabala/contracts';
import { spoken, type Words } from './sentences';

/**
 * The success envelope (no spread on the plain path: it is built on every answer); `words`, when
 * given, is its sentence (the Vietnamese `message`, and its `key`).
 */
export const ok = <T>(data: T, words?: Words) =>
  words ? { code: codes.success, ...spoken(codes.success, words), data } : { code: codes.success, data };

/**
 * What a handler answers when its action now waits for a second admin (decision record 030): the
 * route sends 202 `api.approval.pending` with the request's id.
 */
export class PendingApproval {
  constructor(readonly approvalId: string) {}
}
