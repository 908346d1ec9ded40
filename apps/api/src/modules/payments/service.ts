import type { Config, Db } from '../../lib/deps';
import type { MailboxService } from '../mailbox';
import type { OrdersService } from '../orders';
import { createIngestService } from './ingest';
import { createReconciliationService } from './reconciliation';
import { createReviewService } from './review';

export interface PaymentsDeps {
  db: Db;
  config: Config;
  /** Asks the outbox worker for a batch now: a paid order's mail was written. */
  onMailQueued: () => void;
  /** Money was recorded on this order: its open transfer panels read it again. */
  onOrderChanged: (orderId: string) => void;
  /** The mailbox's answer: where the mail an order earned stands. */
  mailDelivery: MailboxService['deliveryOf'];
  /** The orders module's answer: an order with its receiver, or not found. */
  findOrder: OrdersService['findOrder'];
}

/**
 * Payments, split by job, each with its own service: ingest (the webhook and the pull take transfers
 * in), review (staff handle bank events and money actions) and reconciliation (the daily report, the
 * feed's status, the money figures). Routes and the composition root see them as one service.
 */
export function createPaymentsService({
  db,
  config,
  onMailQueued,
  onOrderChanged,
  mailDelivery,
  findOrder,
}: PaymentsDeps) {
  return {
    ...createIngestService({ db, config, onMailQueued, onOrderChanged }),
    ...createReviewService({ db, config, onMailQueued, onOrderChanged, mailDelivery, findOrder }),
    ...createReconciliationService({ db }),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
