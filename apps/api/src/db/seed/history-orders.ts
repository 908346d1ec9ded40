import { randomUUID } from 'node:crypto';
import { limitCount, purchaseLimitSlot } from '@carabala/contracts/catalogue';
import { formatVnd } from '@carabala/contracts/labels';
import { orderSnapshot, type ProductOnSale } from '../../modules/catalogue';
import { makeOrderCode } from '../../modules/orders';
import { paymentsMessages } from '../../modules/payments';
import type { auditLog, bankEvents, mails, orders, refunds } from '../schema';
import {
  allocatedDays,
  bankName,
  buyingHours,
  buyingWeek,
  DAY,
  delayAround,
  HOUR,
  MINUTE,
  momentOf,
  type Calendar,
  type HistoryDay,
} from './history-days';
import { playerPool, type HistoryPlayer } from './history-players';
import { familyNames, givenNames, middleNames } from './history-texts';
import type { Random } from './random';

// The demo history's orders and the money behind them, as the real flows leave them: each transfer a
// bank event (SePay's webhook body as its payload), each paid order its delivered mail, each refund its
// audit entry and the event's review.

export const HISTORY_ORDERS = 450;
/** The demo bank account (the setting's default, as the rest of the seed writes it). */
const ACCOUNT = '0123456789';
const PAYMENT_WINDOW = 30 * MINUTE;
/** SePay ids of the history: far above the ids the tests draw (below 10^9). */
const FIRST_PROVIDER_ID = 2_100_000_000;

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];
type OrderInsert = Insert<typeof orders> & { id: string; code: string; createdAt: Date };
type EventInsert = Insert<typeof bankEvents> & { id: string; receivedAt: Date };

export interface OrderHistory {
  orders: OrderInsert[];
  events: EventInsert[];
  mails: Insert<typeof mails>[];
  refunds: Insert<typeof refunds>[];
  audits: Insert<typeof auditLog>[];
}

export interface OrderPlan {
  calendar: Calendar;
  random: Random;
  players: HistoryPlayer[];
  products: ProductOnSale[];
  /** Who sent the refunds back. */
  financeId: string;
}

/** How often each pack sells: small diamond packs most, the dearest rarely; unknown packs a little. */
const productWeights: Record<number, number> = {
  601: 22,
  602: 14,
  603: 10,
  604: 5,
  605: 3,
  606: 1.5,
  607: 0.7,
  608: 0.3,
  101: 8,
  102: 7,
  103: 5,
  104: 3,
  105: 2,
  201: 4,
  202: 3,
  203: 2,
  204: 2,
  301: 2,
  302: 1.5,
  303: 0.8,
  304: 0.4,
  401: 4,
  402: 1.5,
  403: 0.7,
};
/** "Flash Sale Cuối Tuần" sells on Saturdays and Sundays. */
const weekendOnly = new Set([204]);

type Outcome = 'paid' | 'split' | 'surplus' | 'late' | 'expired';
const outcomes: readonly (readonly [Outcome, number])[] = [
  ['paid', 88],
  ['expired', 4],
  ['split', 3],
  ['surplus', 3],
  ['late', 2],
];
/** Money that waits for a refund only on days old enough for staff to have sent it back already. */
const REFUNDED_AFTER_DAYS = 4;

interface State extends OrderHistory {
  /** Draws a player who buys, the big spenders most. */
  payers: ReturnType<typeof playerPool>;
  /** The packs on sale, weighted, on weekdays and at the weekend. */
  packs: { weekday: (readonly [ProductOnSale, number])[]; weekend: (readonly [ProductOnSale, number])[] };
  codes: Set<string>;
  /** Limit slots used by a paid order: receiver|key|period. */
  slots: Set<string>;
  limitedPaid: { order: OrderInsert; day: HistoryDay }[];
}

export function planOrders(plan: OrderPlan): OrderHistory {
  const state: State = {
    orders: [],
    events: [],
    mails: [],
    refunds: [],
    audits: [],
    payers: playerPool(plan.players, (player) => player.spend),
    packs: { weekday: weightedPacks(plan.products, false), weekend: weightedPacks(plan.products, true) },
    codes: new Set(),
    slots: new Set(),
    limitedPaid: [],
  };
  for (const day of allocatedDays(plan.calendar, plan.random, HISTORY_ORDERS, buyingWeek)) placeOrder(plan, state, day);
  addHeldOrders(plan, state);
  const { orders, events, mails, refunds, audits } = state;
  return { orders, events, mails, refunds, audits };
}

function weightedPacks(products: ProductOnSale[], weekend: boolean) {
  return products.map(
    (product) =>
      [
        product,
        weekendOnly.has(product.productId) && !weekend ? 0 : (productWeights[product.productId] ?? 0.6),
      ] as const,
  );
}

function pickProduct(plan: OrderPlan, state: State, receiver: HistoryPlayer, day: HistoryDay, at: Date) {
  const weekend = day.weekday === 0 || day.weekday === 6;
  const product = plan.random.weighted(weekend ? state.packs.weekend : state.packs.weekday);
  const slot = product.limit ? purchaseLimitSlot(product.productId, product.limit, at) : null;
  if (slot && state.slots.has(`${receiver.id}|${slot.key}|${slot.period}`)) {
    // The receiver has had this period's pack: they buy diamonds instead.
    return { product: plan.products.find((candidate) => candidate.productId === 601) ?? plan.products[0]!, slot: null };
  }
  return { product, slot };
}

function placeOrder(plan: OrderPlan, state: State, day: HistoryDay) {
  const { random } = plan;
  let createdAt = momentOf(day, buyingHours, random);
  // Every payment of the history is over before the seed day starts.
  if (createdAt.getTime() + 35 * MINUTE >= plan.calendar.todayStart.getTime()) {
    createdAt = new Date(createdAt.getTime() - HOUR);
  }
  const receiver = state.payers(createdAt, random);
  const { product, slot } = pickProduct(plan, state, receiver, day, createdAt);
  const who = random.weighted([
    ['self', 72],
    ['guest', 15],
    ['gift', 13],
  ] as const);
  const buyer = who === 'guest' ? null : who === 'gift' ? state.payers(createdAt, random) : receiver;
  let outcome = random.weighted(outcomes);
  if (day.ago < REFUNDED_AFTER_DAYS && (outcome === 'surplus' || outcome === 'late')) outcome = 'paid';
  const order: OrderInsert = {
    id: randomUUID(),
    code: freshCode(state, random),
    kind: 'bank',
    ...orderSnapshot(product),
    receiverId: receiver.id,
    buyerId: buyer?.id ?? null,
    limitKey: slot?.key ?? null,
    limitPeriod: slot?.period ?? null,
    limitCount: product.limit ? limitCount(product.limit) : 1,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + PAYMENT_WINDOW),
    status: 'initial',
    accumulatedAmount: 0,
  };
  state.orders.push(order);
  const payer = buyer?.displayName ?? madeUpName(random);
  const pay = { plan, state, order, receiver, payer, day };
  if (outcome === 'paid') payInFull(pay, [order.totalPrice]);
  else if (outcome === 'split') payInFull(pay, splitPrice(order.totalPrice, random));
  else if (outcome === 'surplus') overpay(pay);
  else if (outcome === 'late') payLate(pay);
  if (slot && order.status === 'done') {
    state.slots.add(`${receiver.id}|${slot.key}|${slot.period}`);
    state.limitedPaid.push({ order, day });
  }
}

interface Payment {
  plan: OrderPlan;
  state: State;
  order: OrderInsert;
  receiver: HistoryPlayer;
  /** The name on the transfer. */
  payer: string;
  day: HistoryDay;
}

const atSecond = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);
/** SePay's transactionDate, Vietnam wall clock (UTC+7 all year): computed here, thousands of times. */
const vietnamStamp = (at: Date) => new Date(at.getTime() + 7 * HOUR).toISOString().slice(0, 19).replace('T', ' ');

/** Transfers of `parts` a few minutes apart, all within the payment window: the order is paid. */
function payInFull(payment: Payment, parts: number[]) {
  const { order, plan } = payment;
  let at = order.createdAt.getTime();
  const limit = at + PAYMENT_WINDOW - MINUTE;
  let last: EventInsert | undefined;
  for (const amount of parts) {
    at = Math.min(at + Math.max(40_000, delayAround(4 * MINUTE, plan.random)), limit);
    last = transfer(payment, amount, atSecond(at), { match: 'credited', credited: amount });
  }
  markPaid(payment, last!, order.totalPrice);
}

function splitPrice(price: number, random: Random): number[] {
  const first = Math.round((price * (0.4 + random.next() * 0.2)) / 1000) * 1000;
  return [first, price - first];
}

/** One transfer of more than the price: the pack is paid, the surplus sent back a day or two later. */
function overpay(payment: Payment) {
  const { order, plan } = payment;
  const price = order.totalPrice;
  const roundedUp = Math.ceil((price + 1) / 50_000) * 50_000;
  const surplus = plan.random.chance(0.5) ? roundedUp - price : plan.random.pick([1_000, 10_000, 100_000]);
  const at = order.createdAt.getTime() + Math.min(Math.max(40_000, delayAround(4 * MINUTE, plan.random)), 25 * MINUTE);
  const event = transfer(payment, price + surplus, atSecond(at), { match: 'overpaid', credited: price });
  markPaid(payment, event, price + surplus);
  refund(payment, event, surplus, 'Hoàn phần tiền chuyển thừa so với giá gói');
}

/** A transfer after the payment window: the order stays unpaid, the money is sent back. */
function payLate(payment: Payment) {
  const at = payment.order.createdAt.getTime() + payment.plan.random.int(35, 240) * MINUTE;
  const event = transfer(payment, payment.order.totalPrice, atSecond(at), { match: 'late', credited: 0 });
  refund(payment, event, payment.order.totalPrice, 'Chuyển khoản sau khi đơn hết hạn, khách chọn nhận lại tiền');
}

function markPaid({ order, receiver, state, plan }: Payment, event: EventInsert, received: number) {
  order.status = 'done';
  order.paidBy = 'bank';
  order.accumulatedAmount = received;
  order.paidAt = event.receivedAt;
  state.mails.push({
    receiverId: receiver.id,
    receiverShortId: receiver.shortId,
    title: `${paymentsMessages.orderMailTitlePrefix}${order.productTitle}`,
    items: order.items,
    source: 'order',
    sourceId: order.id,
    status: 'delivered',
    attempts: 1,
    createdAt: event.receivedAt,
    nextAttemptAt: event.receivedAt,
    deliveredAt: new Date(event.receivedAt.getTime() + plan.random.int(2_000, 8_000)),
  });
}

/** How banks write the transfer's content: the order code somewhere in it, the payer's name often. */
const memos: readonly (readonly [(code: string, name: string, random: Random) => string, number])[] = [
  [(code, name, random) => `MBVCB.${random.digits(10)}.${code}.CT tu ${random.digits(13)} ${name}`, 5],
  [(code, name) => `${code} ${name} chuyen tien`, 2],
  [(code) => `IBFT ${code.slice(0, 6)} ${code.slice(6)}`, 2],
];

function transfer(
  { plan, state, order, payer }: Payment,
  amount: number,
  at: Date,
  { match, credited }: { match: EventInsert['match']; credited: number },
): EventInsert {
  const { random } = plan;
  const providerId = String(FIRST_PROVIDER_ID + state.events.length);
  const referenceCode = `FT${random.digits(14)}`;
  const name = bankName(payer);
  const content = random.weighted(memos)(order.code, name, random);
  const event: EventInsert = {
    id: randomUUID(),
    provider: 'sepay',
    providerId,
    orderId: order.id,
    amount,
    creditedAmount: credited,
    transferType: 'in',
    accountNumber: ACCOUNT,
    content,
    referenceCode,
    match,
    transactionDate: at,
    payload: {
      id: Number(providerId),
      gateway: 'MBBank',
      transactionDate: vietnamStamp(at),
      accountNumber: ACCOUNT,
      code: null,
      content,
      transferType: 'in',
      transferAmount: amount,
      subAccount: null,
      referenceCode,
      description: '',
    },
    transferKey: `${ACCOUNT}|${referenceCode}|${amount}`,
    receivedAt: new Date(at.getTime() + random.int(1_000, 6_000)),
  };
  state.events.push(event);
  return event;
}

/** Finance sends `amount` back during office hours a day or two later; nothing is held any more. */
function refund({ plan, state, day }: Payment, event: EventInsert, amount: number, reason: string) {
  const { random } = plan;
  const at = new Date(day.start.getTime() + random.int(1, 2) * DAY + random.int(9 * 60, 17 * 60) * MINUTE);
  const bankReference = `FT${random.digits(14)}`;
  state.refunds.push({ bankEventId: event.id, amount, bankReference, reason, actorId: plan.financeId, createdAt: at });
  event.reviewedAt = at;
  event.reviewedBy = plan.financeId;
  event.reviewNote = paymentsMessages.fullyRefunded(formatVnd(amount), bankReference);
  state.audits.push({
    actorId: plan.financeId,
    action: 'bank_event.refund',
    targetType: 'bank_event',
    targetId: event.id,
    detail: { amount, bankReference, reason },
    createdAt: at,
  });
}

/**
 * A few limited packs ordered again right after the period's one was paid (before the store's check
 * could see it): paid too, the second order is held (limit reached) and its money sent back.
 */
function addHeldOrders(plan: OrderPlan, state: State) {
  const candidates = state.limitedPaid.filter(({ day }) => day.ago >= REFUNDED_AFTER_DAYS);
  for (let i = 0; i < 3 && candidates.length > 0; i += 1) {
    const [{ order: first, day }] = candidates.splice(plan.random.int(0, candidates.length - 1), 1) as [
      State['limitedPaid'][number],
    ];
    const receiver = plan.players.find((player) => player.id === first.receiverId)!;
    const createdAt = new Date((first.paidAt as Date).getTime() + plan.random.int(60, 180) * 1000);
    const order: OrderInsert = {
      ...first,
      id: randomUUID(),
      code: freshCode(state, plan.random),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + PAYMENT_WINDOW),
      status: 'initial',
      paidBy: null,
      paidAt: null,
      accumulatedAmount: 0,
    };
    state.orders.push(order);
    const payment = { plan, state, order, receiver, payer: receiver.displayName, day };
    const at = atSecond(createdAt.getTime() + plan.random.int(2, 6) * MINUTE);
    const event = transfer(payment, order.totalPrice, at, { match: 'limit_reached', credited: 0 });
    order.status = 'held';
    order.accumulatedAmount = order.totalPrice;
    order.closedAt = event.receivedAt;
    refund(payment, event, order.totalPrice, 'Gói đã đạt giới hạn mua trong kỳ, hoàn lại tiền cho khách');
  }
}

function freshCode(state: State, random: Random): string {
  for (;;) {
    const code = makeOrderCode('CRB', random.bytes(8));
    if (!state.codes.has(code)) {
      state.codes.add(code);
      return code;
    }
  }
}

/** Someone paying for a friend as a guest: a name on the bank transfer only. */
const madeUpName = (random: Random) =>
  `${random.pick(familyNames)} ${random.pick(middleNames)} ${random.pick(givenNames)}`;
