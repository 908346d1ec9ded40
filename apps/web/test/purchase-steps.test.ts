import { describe, expect, it } from 'vitest';
import {
  initialPurchaseState,
  purchaseReducer,
  type PurchaseAction,
  type PurchaseState,
  type PurchaseStep,
} from '@/features/store/purchase-steps';

const at = (step: PurchaseStep, createdId: string | null = null): PurchaseState => ({ step, createdId });
const run = (state: PurchaseState, ...actions: PurchaseAction[]) => actions.reduce(purchaseReducer, state);
const steps: PurchaseStep[] = ['PREVIEW', 'SELECT_AUTH', 'ENTER_ID', 'CONFIRM', 'TRANSFER', 'CHECK_HISTORY'];

describe('the purchase steps', () => {
  describe('the first step', () => {
    it('is PREVIEW, with no order, when the URL brings no User ID', () => {
      expect(initialPurchaseState(null)).toEqual(at('PREVIEW'));
      expect(initialPurchaseState('')).toEqual(at('PREVIEW'));
    });

    it('is ENTER_ID when the URL brings a User ID (shortId)', () => {
      expect(initialPurchaseState('8805678')).toEqual(at('ENTER_ID'));
    });
  });

  describe('PREVIEW', () => {
    it("'Mua ngay' leads to SELECT_AUTH once a pack is chosen", () => {
      expect(purchaseReducer(at('PREVIEW'), { type: 'buy', productId: 101 })).toEqual(at('SELECT_AUTH'));
    });

    it("'Mua ngay' is refused while productId is 0 (no option of a selectable pack chosen)", () => {
      const state = at('PREVIEW');
      expect(purchaseReducer(state, { type: 'buy', productId: 0 })).toBe(state);
    });

    it('offers neither choice of SELECT_AUTH nor a way back', () => {
      const state = at('PREVIEW');
      for (const action of [{ type: 'useAccount' }, { type: 'enterId' }, { type: 'back' }] as const) {
        expect(purchaseReducer(state, action)).toBe(state);
      }
    });
  });

  describe('SELECT_AUTH', () => {
    it('the signed-in account (or signing in first) leads to CONFIRM', () => {
      expect(purchaseReducer(at('SELECT_AUTH'), { type: 'useAccount' })).toEqual(at('CONFIRM'));
    });

    it("'Nhập User ID' leads to ENTER_ID", () => {
      expect(purchaseReducer(at('SELECT_AUTH'), { type: 'enterId' })).toEqual(at('ENTER_ID'));
    });

    it("'Quay lại' returns to PREVIEW", () => {
      expect(purchaseReducer(at('SELECT_AUTH'), { type: 'back' })).toEqual(at('PREVIEW'));
    });

    it("does not take 'Mua ngay' again", () => {
      const state = at('SELECT_AUTH');
      expect(purchaseReducer(state, { type: 'buy', productId: 101 })).toBe(state);
    });
  });

  describe('ENTER_ID and CONFIRM', () => {
    it.each(['ENTER_ID', 'CONFIRM'] as const)("'Quay lại' on %s returns to SELECT_AUTH", (step) => {
      expect(purchaseReducer(at(step), { type: 'back' })).toEqual(at('SELECT_AUTH'));
    });

    it.each(['ENTER_ID', 'CONFIRM'] as const)('a created order on %s leads to TRANSFER with its id', (step) => {
      expect(purchaseReducer(at(step), { type: 'created', id: 'tx-1' })).toEqual(at('TRANSFER', 'tx-1'));
    });

    it.each(['ENTER_ID', 'CONFIRM'] as const)('%s does not switch to the other choice by itself', (step) => {
      const state = at(step);
      expect(purchaseReducer(state, { type: 'useAccount' })).toBe(state);
      expect(purchaseReducer(state, { type: 'enterId' })).toBe(state);
    });

    it('the two choices reach each other only through SELECT_AUTH', () => {
      expect(run(at('ENTER_ID'), { type: 'back' }, { type: 'useAccount' })).toEqual(at('CONFIRM'));
      expect(run(at('CONFIRM'), { type: 'back' }, { type: 'enterId' })).toEqual(at('ENTER_ID'));
    });
  });

  describe('an order on its way', () => {
    it('still shows its transfer when the player went back while it was being made', () => {
      expect(run(at('ENTER_ID'), { type: 'back' }, { type: 'created', id: 'tx-2' })).toEqual(at('TRANSFER', 'tx-2'));
    });

    it('a second order replaces the first one shown', () => {
      expect(purchaseReducer(at('TRANSFER', 'tx-1'), { type: 'created', id: 'tx-2' })).toEqual(at('TRANSFER', 'tx-2'));
    });
  });

  describe('TRANSFER', () => {
    it('has no way back and no steps of the choice', () => {
      const state = at('TRANSFER', 'tx-1');
      for (const action of [
        { type: 'back' },
        { type: 'useAccount' },
        { type: 'enterId' },
        { type: 'buy', productId: 101 },
      ] as const) {
        expect(purchaseReducer(state, action)).toBe(state);
      }
    });

    it("is not replaced by the check of the URL's transaction", () => {
      const state = at('TRANSFER', 'tx-1');
      expect(purchaseReducer(state, { type: 'checked' })).toBe(state);
    });
  });

  describe("the URL's transaction (transactionId)", () => {
    it.each(['PREVIEW', 'SELECT_AUTH', 'ENTER_ID', 'CONFIRM'] as const)(
      'once found, shows CHECK_HISTORY from %s',
      (step) => {
        expect(purchaseReducer(at(step), { type: 'checked' })).toEqual(at('CHECK_HISTORY'));
      },
    );

    it('CHECK_HISTORY has no way back', () => {
      const state = at('CHECK_HISTORY');
      expect(purchaseReducer(state, { type: 'back' })).toBe(state);
      expect(purchaseReducer(state, { type: 'checked' })).toBe(state);
    });
  });

  describe('closing', () => {
    it.each(steps)('returns %s to PREVIEW and forgets the order', (step) => {
      expect(purchaseReducer(at(step, step === 'TRANSFER' ? 'tx-1' : null), { type: 'close' })).toEqual(at('PREVIEW'));
    });

    it('leaves a closed PREVIEW as it is', () => {
      const state = at('PREVIEW');
      expect(purchaseReducer(state, { type: 'close' })).toBe(state);
    });
  });

  it('walks the whole flow for another User ID', () => {
    expect(
      run(
        initialPurchaseState(null),
        { type: 'buy', productId: 101 },
        { type: 'enterId' },
        { type: 'created', id: 'tx-9' },
      ),
    ).toEqual(at('TRANSFER', 'tx-9'));
  });

  it('walks the whole flow for the signed-in account', () => {
    expect(
      run(
        initialPurchaseState(null),
        { type: 'buy', productId: 101 },
        { type: 'useAccount' },
        { type: 'created', id: 'tx-8' },
      ),
    ).toEqual(at('TRANSFER', 'tx-8'));
  });
});
