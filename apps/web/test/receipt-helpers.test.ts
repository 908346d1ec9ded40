import { describe, expect, it } from 'vitest';
import { giftReceiverName, lookupIdOf } from '@/features/store/receiver';
import { orderCodeFromSearch } from '@/features/tickets/order-prefill';

describe('the receiver look-up', () => {
  it('asks for a User ID only once it passes the form rules, without a pasted "ID: " prefix', () => {
    expect(lookupIdOf('ID: 8805678')).toBe('8805678');
    expect(lookupIdOf(' 8805678 ')).toBe('8805678');
    expect(lookupIdOf('')).toBeNull();
    expect(lookupIdOf('ID: ')).toBeNull();
    expect(lookupIdOf('12345678901')).toBeNull();
  });
});

describe('whose mailbox a paid order went to', () => {
  const receiver = { shortId: '8805678', displayName: 'Trần Bảo Ngọc' };
  it("is the reader's own when the reader is the receiver, the receiver's name otherwise", () => {
    expect(giftReceiverName(receiver, '8805678')).toBeNull();
    expect(giftReceiverName(receiver, '8801234')).toBe('Trần Bảo Ngọc');
    expect(giftReceiverName(receiver, null)).toBe('Trần Bảo Ngọc');
  });
});

describe('the support form opened from a receipt', () => {
  it('reads an order code from ?order=, upper-cased, and nothing else', () => {
    expect(orderCodeFromSearch('?order=crb9v3yprc5')).toBe('CRB9V3YPRC5');
    expect(orderCodeFromSearch('?order=CRB9V3YPRC5&x=1')).toBe('CRB9V3YPRC5');
    expect(orderCodeFromSearch('')).toBeNull();
    expect(orderCodeFromSearch('?order=<script>')).toBeNull();
    expect(orderCodeFromSearch(`?order=${'A'.repeat(26)}`)).toBeNull();
  });
});
