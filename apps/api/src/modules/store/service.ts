import { randomInt } from 'node:crypto';
import {
  codes,
  storeCodes,
  storeMessages,
  type BankTransaction,
  type HeldMoney,
  type OrderHistoryItem,
  type OrderLookupResult,
  type OrderReceipt,
  type PackQuotes,
  type Paged,
  type PurchaseBody,
  type QuoteQuery,
  type UserLookup,
} from '@carabala/contracts';
import { vietnamTimestamp } from '@carabala/contracts/labels';
import { toPaged, type PageQuery } from '../../db/paging';
import type { Config, Db, FailureCounter } from '../../lib/deps';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { findOrderHistory, findOrderIdByCode, orderSummary, type OrdersService } from '../orders';
import { buildVietQrPayload, type SepayWebhookInput } from '../payments';
import type { GamePlayers } from '../game';
import { storeModuleMessages } from './messages';
import { packLimitsOf, placeOrder, shortIdRefusal, type PhoneCheck } from './purchase';
import { quotePack, type PromotionQuoteInputs, type TierQuoteInputs } from './quote';
import { createReceiverBudget } from './receiver-budget';

export interface StoreDeps {
  db: Db;
  config: Config;
  /** The orders module's answer: an order with its receiver, or not found. */
  findOrder: OrdersService['findOrder'];
  /** The orders module's receipt of an order for its buyer or receiver (without its held money). */
  receipt: OrdersService['receipt'];
  /** The payments module's answer: each order's held money as the player reads it. */
  heldMoney: (orderIds: string[]) => Promise<Map<string, HeldMoney>>;
  failures: FailureCounter;
  /** Who a User ID names, with their servers and characters (the game's players). */
  players: GamePlayers;
  /** The promotions module's part of a quote: the moment's promotions and a receiver's counts. */
  promotions: PromotionQuoteInputs;
  /** The phone policy's `buy` gate (decision record 057). */
  requirePhone: PhoneCheck;
  /** The vip module's part of a quote: a receiver's tier perks and the tier-only packs (decision 059). */
  tiers: TierQuoteInputs;
}

/** What the transfer panel reads: the order, the account to pay and the VietQR of what is still due. */
function toBankTransaction(
  config: Config,
  row: Awaited<ReturnType<OrdersService['findOrder']>>,
  held: HeldMoney,
): BankTransaction {
  const { order } = row;
  // The QR asks for what is still due; once paid it is a plain account QR.
  const due = order.totalPrice - order.accumulatedAmount;
  return {
    ...orderSummary(row),
    receiver: { displayName: row.receiverName, avatar: row.receiverAvatar, shortId: row.receiverShortId },
    bank: {
      name: config.BANK_NAME,
      bin: config.BANK_BIN,
      accountNumber: config.BANK_ACCOUNT_NUMBER,
      accountName: config.BANK_ACCOUNT_NAME,
    },
    qr: {
      payload: buildVietQrPayload({
        bin: config.BANK_BIN,
        accountNumber: config.BANK_ACCOUNT_NUMBER,
        amount: due > 0 ? due : undefined,
        purpose: order.code,
      }),
    },
    simulateAvailable: config.DEMO_MODE,
    items: order.items,
    bonusItems: order.bonusItems ?? [],
    expiresAt: order.expiresAt?.toISOString() ?? null,
    held,
  };
}

export function createStoreService(deps: StoreDeps) {
  const { db, config, findOrder, receipt, heldMoney, failures, players, promotions, requirePhone, tiers } = deps;
  const budget = createReceiverBudget(failures, config);

  const heldOf = async (orderId: string) => (await heldMoney([orderId])).get(orderId) ?? null;

  return {
    /** Creates an unpaid order for the receiving player, priced by the published catalogue only (purchase.ts). */
    createPurchase: (body: PurchaseBody, buyer: AuthUser | null, ip: string) =>
      placeOrder({ db, config, budget, players, promotions, requirePhone, tiers }, body, buyer, ip),

    /**
     * The offer of each product of a pack for a receiver now (decision record 058). Naming a receiver
     * tells something of them (their limits, a first top-up), so it counts like a look-up unless it is
     * the signed-in player's own User ID; an unknown one answers as the look-up does.
     */
    async quote(query: QuoteQuery, ip: string, player: AuthUser | null): Promise<PackQuotes> {
      if (!query.receiver) return quotePack(db, { promotions, tiers }, query.packId, null);
      if (player?.shortId !== query.receiver) await budget.lookUp(ip, player);
      const receiver = await players.findReceiver(query.receiver);
      if (!receiver) throw shortIdRefusal(storeCodes.userNotFound, storeMessages.userNotFound);
      return quotePack(db, { promotions, tiers }, query.packId, receiver.id);
    },

    /** For the signed-in receiver: what is left now of each limited product on sale. */
    packLimits: (userId: string) => packLimitsOf(db, userId),

    /** Counts a read that tells something of a receiver (the promotions that apply to them) like a look-up. */
    countReceiverRead: (ip: string, player: AuthUser | null) => budget.lookUp(ip, player),

    /**
     * Who a User ID names, before the order, with their servers and characters (the picker): one of the
     * naming budget (receiver-budget.ts), found or not; a player's own User ID names no one.
     */
    async lookupReceiver(shortId: string, ip: string, player: AuthUser | null): Promise<UserLookup> {
      if (player?.shortId !== shortId) await budget.lookUp(ip, player, shortId);
      const receiver = await players.findReceiver(shortId);
      if (!receiver) throw shortIdRefusal(storeCodes.userNotFound, storeMessages.userNotFound);
      const { displayName, avatar, servers } = receiver;
      return { shortId: receiver.shortId, displayName, avatar, servers };
    },

    async getTransaction(id: string): Promise<BankTransaction> {
      const row = await findOrder(id);
      return toBankTransaction(config, row, await heldOf(row.order.id));
    },

    /** An order's receipt for its buyer or receiver, with its held money and refunds. */
    async receipt(code: string, userId: string): Promise<OrderReceipt> {
      const found = await receipt(code, userId);
      return { ...found, held: await heldOf(found.id) };
    },

    /**
     * A guest finds an order again by its code and its receiver's User ID (throttled per address, found
     * or not); a wrong pair answers as an unknown code. Only the order's link, which the panel reads.
     */
    async lookupOrder(code: string, shortId: string, ip: string): Promise<OrderLookupResult> {
      await budget.orderLookup(ip);
      const id = await findOrderIdByCode(db, code);
      const row = id ? await findOrder(id) : undefined;
      if (!row || row.receiverShortId !== shortId) {
        throw new AppError(404, codes.error, storeMessages.orderLookupNotFound);
      }
      return { id: row.order.id, productId: row.order.productId, packTab: row.order.packTab };
    },

    async history(userId: string, query: PageQuery): Promise<Paged<OrderHistoryItem>> {
      const found = await findOrderHistory(db, userId, query);
      const held = await heldMoney(found.items.map((row) => row.order.id));
      return toPaged(query, found, (row) => ({
        ...orderSummary(row),
        held: held.get(row.order.id) ?? null,
        receiverShortId: row.receiverShortId,
        receiverName: row.receiverName,
        role:
          row.order.buyerId === userId && row.order.receiverId === userId
            ? 'both'
            : row.order.buyerId === userId
              ? 'bought'
              : 'received',
      }));
    },

    /**
     * Demo only: sends the bank feed's webhook for a transfer of `amount` to this order, over real
     * HTTP with the real key, the memo wrapped the way Vietcombank wraps it.
     */
    async simulateTransfer(id: string, amount: number, apiBaseUrl: string): Promise<{ success: boolean }> {
      const transaction = await this.getTransaction(id);
      const sequence = randomInt(1_000_000_000, 9_999_999_999);
      const payload: SepayWebhookInput = {
        id: randomInt(1, 2 ** 47),
        gateway: config.BANK_NAME,
        transactionDate: vietnamTimestamp(new Date()),
        accountNumber: config.BANK_ACCOUNT_NUMBER,
        code: null,
        content: `MBVCB.${sequence}.${transaction.code}.CT tu 0011004123456 NGUYEN VAN A toi ${config.BANK_ACCOUNT_NUMBER}`,
        transferType: 'in',
        transferAmount: amount,
        accumulated: 0,
        subAccount: null,
        referenceCode: `FT${sequence}`,
        description: `BankAPINotify ${transaction.code}`,
      };
      const response = await fetch(`${apiBaseUrl}/api/webhooks/sepay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Apikey ${config.SEPAY_API_KEY}` },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new AppError(502, codes.internal, storeModuleMessages.simulateFailed);
      return (await response.json()) as { success: boolean };
    },
  };
}
