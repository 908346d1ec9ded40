import {
  approvalMessages,
  approvalPageSchema,
  approvalQuerySchema,
  approvalRejectBodySchema,
  approvalSchema,
} from '@carabala/contracts';
import { idParams, jsonRoutes } from '../../lib/routes';

/** "Chờ duyệt": the four-eyes requests (/api/internal/approvals/*), decision record 030. */
export const approvalRoutes = jsonRoutes(['internal'], (route, { approvals: service }) => {
  route('GET /internal/approvals', 'approvals.read', {
    summary: 'Requests waiting for (or decided by) a second admin, newest first',
    description:
      "A grant; a mark-paid, attach or refund that takes its requester's own total of the last 24 hours to " +
      'APPROVAL_THRESHOLD_VND; ' +
      "a promotion to admin and an admin's second-factor reset wait here as requests, each with the exact " +
      '`effect` an approval applies. `status=expired` is a pending request older than 24 hours.',
    querystring: approvalQuerySchema,
    data: approvalPageSchema,
    handle: (request) => service.list(request.query, request.user!.id),
  });

  route('POST /internal/approvals/:id/approve', 'approvals.decide', {
    stepUp: true,
    summary: 'Approve a request: its action runs once, in the same transaction',
    description:
      'Refusals: `api.approval.not_found` (404); `api.approval.own_request`, `api.approval.decided` and ' +
      '`api.approval.expired` (409); `api.approval.stale` (409) when what was asked can no longer be applied as ' +
      'stored (the pack left the catalogue), and any refusal of the action itself (e.g. the order is already paid).',
    params: idParams,
    data: approvalSchema,
    message: approvalMessages.approved,
    handle: (request) => service.approve(request.params.id, request.user!.id),
  });

  route('POST /internal/approvals/:id/reject', 'approvals.decide', {
    stepUp: true,
    summary: "Reject another's request (or an admin's own) with a reason",
    params: idParams,
    body: approvalRejectBodySchema,
    data: approvalSchema,
    message: approvalMessages.rejected,
    handle: (request) => service.reject(request.params.id, request.user!.id, request.body.reason),
  });

  route('POST /internal/approvals/:id/withdraw', 'approvals.withdraw', {
    stepUp: true,
    summary: 'The requester withdraws their own request, with a reason (finance too)',
    description: "Refusals: `api.approval.not_own` (409) for another's request, and those of a rejection.",
    params: idParams,
    body: approvalRejectBodySchema,
    data: approvalSchema,
    message: approvalMessages.withdrawn,
    handle: (request) => service.withdraw(request.params.id, request.user!.id, request.body.reason),
  });
});
