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
      'A grant, a mark-paid or refund at or above APPROVAL_THRESHOLD_VND and a promotion to admin wait here ' +
      'as requests. `status=expired` is a pending request older than 24 hours.',
    querystring: approvalQuerySchema,
    data: approvalPageSchema,
    handle: (request) => service.list(request.query, request.user!.id),
  });

  route('POST /internal/approvals/:id/approve', 'approvals.decide', {
    stepUp: true,
    summary: 'Approve a request: its action runs once, in the same transaction',
    description:
      'Refusals: `api.approval.not_found` (404); `api.approval.own_request`, `api.approval.decided` and ' +
      '`api.approval.expired` (409), and any refusal of the action itself (e.g. the order is already paid).',
    params: idParams,
    data: approvalSchema,
    message: approvalMessages.approved,
    handle: (request) => service.approve(request.params.id, request.user!.id),
  });

  route('POST /internal/approvals/:id/reject', 'approvals.decide', {
    stepUp: true,
    summary: 'Reject a request with a reason (the requester may withdraw their own)',
    params: idParams,
    body: approvalRejectBodySchema,
    data: approvalSchema,
    message: approvalMessages.rejected,
    handle: (request) => service.reject(request.params.id, request.user!.id, request.body.reason),
  });
});
