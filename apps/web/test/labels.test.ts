import {
  bankEventMatchLabels,
  deliveryStatusLabels,
  orderKindLabels,
  orderPayerLabels,
  transactionStatusLabels,
} from '@carabala/contracts/labels';
import { describe, expect, it } from 'vitest';
import adminPayments from '../messages/vi/adminPayments.json';

describe("the console's Vietnamese state names", () => {
  it('are the ones the API writes into CSV exports (contracts labels)', () => {
    expect(adminPayments.status).toEqual(transactionStatusLabels);
    expect(adminPayments.delivery).toEqual(deliveryStatusLabels);
    expect(adminPayments.kind).toEqual(orderKindLabels);
    expect(adminPayments.paidBy).toEqual(orderPayerLabels);
    expect(adminPayments.match).toEqual(bankEventMatchLabels);
  });
});
