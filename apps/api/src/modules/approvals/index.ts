// Four-eyes approvals: decision record 030. Modules whose actions need a second admin call
// `requestApproval` inside their transaction and hand the composition root an applier per kind.
export {
  createApprovalService,
  requestApproval,
  staleApproval,
  type ApprovalApplier,
  type ApprovalAppliers,
  type ApprovalContext,
  type ApprovalService,
} from './service';
export { approvalRoutes } from './routes';
