/**
 * The steps of the purchase dialog, as a pure reducer: PREVIEW -> SELECT_AUTH -> ENTER_ID / CONFIRM
 * -> TRANSFER, and CHECK_HISTORY when the dialog opens on a transaction the URL names. An action the
 * current step does not offer leaves the state as it is (the same object, so React renders nothing).
 */

export type PurchaseStep = 'PREVIEW' | 'SELECT_AUTH' | 'ENTER_ID' | 'CONFIRM' | 'TRANSFER' | 'CHECK_HISTORY';

export interface PurchaseState {
  step: PurchaseStep;
  /** The transaction the order created, shown by TRANSFER; null until the order exists. */
  createdId: string | null;
}

export type PurchaseAction =
  /** 'Mua ngay' on PREVIEW; refused while no pack (or no option of a selectable pack) is chosen. */
  | { type: 'buy'; productId: number }
  /** SELECT_AUTH: buy for the signed-in account (after signing in, if need be). */
  | { type: 'useAccount' }
  /** SELECT_AUTH: buy for a User ID typed by hand. */
  | { type: 'enterId' }
  /** 'Quay lại': SELECT_AUTH back to PREVIEW, ENTER_ID and CONFIRM back to SELECT_AUTH. */
  | { type: 'back' }
  /**
   * The order exists: its transfer panel. Taken from any step, since the order was made whatever the
   * player clicked while it was on its way.
   */
  | { type: 'created'; id: string }
  /** The transaction of the URL was found: its history, unless the dialog shows a new order's transfer. */
  | { type: 'checked' }
  /** The dialog closes: back to its first step. */
  | { type: 'close' };

/** A User ID from the URL jumps straight to ENTER_ID; otherwise the dialog starts on PREVIEW. */
export const initialPurchaseState = (initialShortId: string | null): PurchaseState => ({
  step: initialShortId ? 'ENTER_ID' : 'PREVIEW',
  createdId: null,
});

const backFrom: Partial<Record<PurchaseStep, PurchaseStep>> = {
  SELECT_AUTH: 'PREVIEW',
  ENTER_ID: 'SELECT_AUTH',
  CONFIRM: 'SELECT_AUTH',
};

const to = (state: PurchaseState, step: PurchaseStep): PurchaseState =>
  state.step === step ? state : { ...state, step };

export function purchaseReducer(state: PurchaseState, action: PurchaseAction): PurchaseState {
  switch (action.type) {
    case 'buy':
      return state.step === 'PREVIEW' && action.productId !== 0 ? to(state, 'SELECT_AUTH') : state;
    case 'useAccount':
      return state.step === 'SELECT_AUTH' ? to(state, 'CONFIRM') : state;
    case 'enterId':
      return state.step === 'SELECT_AUTH' ? to(state, 'ENTER_ID') : state;
    case 'back': {
      const previous = backFrom[state.step];
      return previous ? to(state, previous) : state;
    }
    case 'created':
      return { step: 'TRANSFER', createdId: action.id };
    case 'checked':
      return state.step === 'TRANSFER' ? state : to(state, 'CHECK_HISTORY');
    case 'close':
      return state.step === 'PREVIEW' && state.createdId === null ? state : initialPurchaseState(null);
  }
}
