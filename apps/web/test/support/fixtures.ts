import { bankTransactionSchema, storePacksSchema, type BankTransaction } from '@carabala/contracts';
import type { Pack } from '@carabala/contracts/catalogue';
import type { z } from 'zod';

/** A fixed moment for the tests that read the clock. */
export const NOW = Date.parse('2026-11-26T03:00:00Z');

/**
 * One order as GET /api/transactions/bank/{id} answers it: a guest's order of a 99,000 đ pack for the
 * player 7654321, waiting for money for 29 min 5 s more. Checked with the contracts schema.
 */
export function bankTransaction(changes: Partial<z.input<typeof bankTransactionSchema>> = {}): BankTransaction {
  return bankTransactionSchema.parse({
    id: 'tx-7f3a9c',
    code: 'CRB7K2Q9X',
    kind: 'bank',
    productId: 101,
    productTitle: 'Gói Kim Cương',
    packId: 101,
    packTab: 'tieu-bieu',
    thumbnail: null,
    totalPrice: 99_000,
    accumulatedAmount: 0,
    status: 'initial',
    delivery: null,
    refundedAmount: 0,
    createdAt: new Date(NOW - 55_000).toISOString(),
    paidAt: null,
    character: null,
    receiver: { displayName: 'Minh Khoa', avatar: null, shortId: '7654321' },
    bank: { name: 'Vietcombank', bin: '970436', accountNumber: '1023456789', accountName: 'CONG TY CARABALA' },
    qr: { payload: '00020101021238570010A000000727012700069704360113102345678902080QRIBFTTA53037045405990005802VN' },
    simulateAvailable: false,
    items: [{ itemId: 'diamond', quantity: 500 }],
    bonusItems: [],
    expiresAt: new Date(NOW + 29 * 60_000 + 5_000).toISOString(),
    held: null,
    ...changes,
  });
}

/** Packs as GET /api/store/packs answers them (checked with the contracts schema): a plain one and a selectable one. */
const { packs } = storePacksSchema.parse({
  at: new Date(NOW).toISOString(),
  nextChangeAt: null,
  packs: [
    {
      id: 101,
      title: 'Gói Kim Cương',
      price: 99_000,
      tab: 'tieu-bieu',
      art: null,
      isSelect: false,
      items: [{ itemId: 'diamond', quantity: 500 }],
    },
    {
      id: 4445,
      title: 'Gói Ba Bích',
      price: 49_000,
      tab: 'ba-bich',
      art: null,
      isSelect: true,
      items: [],
      options: [
        { id: 44, value: 49_000, title: 'Ba Bích nhỏ', items: [{ itemId: 'spade_card', quantity: 3 }] },
        { id: 45, value: 129_000, title: 'Ba Bích lớn', items: [{ itemId: 'spade_card', quantity: 10 }] },
      ],
    },
  ],
});
export const plainPack: Pack = packs[0]!;
export const selectablePack: Pack = packs[1]!;
