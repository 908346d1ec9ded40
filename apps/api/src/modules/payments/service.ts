import { createIngestService } from './ingest';
import { createReconciliationService } from './reconciliation';
import { createReviewService, type ReviewDeps } from './review';

/** What payments needs: the review's needs cover the ingest's and the reconciliation's. */
export type PaymentsDeps = ReviewDeps;

/**
 * Payments, split by job, each with its own service: ingest (the webhook and the pull take transfers
 * in), review (staff handle bank events and money actions) and reconciliation (the daily report, the
 * feed's status, the money figures). Routes and the composition root see them as one service.
 */
export function createPaymentsService({ db, config, events, mailDelivery, findOrder, players }: PaymentsDeps) {
  return {
    ...createIngestService({ db, config, events, players }),
    ...createReviewService({ db, config, events, mailDelivery, findOrder, players }),
    ...createReconciliationService({ db }),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
