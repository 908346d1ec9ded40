import { sql } from 'drizzle-orm';
import type { BankEventMatch } from '@carabala/contracts';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { insertMailsSql } from '../mailbox';
import { creditOrdersSql, type OrderRow } from '../orders';
import { earnOrderPoints } from '../points';
import { rewardPaidOrder } from '../promotions';
import { giftAfterPayment } from '../vip';

// The one credit operation (one statement) and the types of what it takes and answers.

/** A bank event to store; the credit only happens when this insert does (it is the dedup key). */
export interface NewBankEvent {
  provider: string;
  providerId: string;
  amount: number;
  transferType: string | null;
  accountNumber: string | null;
  content: string | null;
  referenceCode: string | null;
  transactionDate: Date | null;
  payload: unknown;
  transferKey: string | null;
  /** Set when the event cannot credit an order: outgoing, wrong account, no amount. */
  preMatch: BankEventMatch | null;
}

export interface Credit {
  /** The order: the first existing of these codes (best first), or an order id. */
  target: { codes: string[] } | { orderId: string };
  amount: number;
  paidBy: 'bank' | 'staff' | 'grant';
  /** Staff mark paid: the order is paid whatever it received. */
  force?: boolean;
  /** Written on the order when it is paid by staff. */
  note?: string | null;
  /** Bank feed: store this event, and credit only if it was not stored before. */
  event?: NewBankEvent;
  mailTitlePrefix: string;
}

export type CreditOutcome =
  | { kind: 'duplicate' }
  | {
      kind: 'recorded';
      match: BankEventMatch;
      orderId: string | null;
      orderCode: string | null;
      /** The part of the amount that paid for the pack. */
      credited: number;
      previousStatus: OrderRow['status'] | null;
      status: OrderRow['status'] | null;
      /** The order became paid and its mail was written. */
      paid: boolean;
      cancelled: number;
    };

/** The CTE that stores the bank event once (the dedup), with the decision's order, match and credit. */
function insertEventSql(event: NewBankEvent) {
  return sql`event AS (
    INSERT INTO bank_events (provider, provider_id, order_id, amount, transfer_type, account_number, content,
      reference_code, match, credited_amount, transaction_date, payload, transfer_key)
    SELECT ${event.provider}, ${event.providerId}, d.id, ${event.amount}, ${event.transferType},
      ${event.accountNumber}, ${event.content}, ${event.referenceCode}, d.match::bank_event_match, COALESCE(d.credited, 0),
      ${event.transactionDate ? event.transactionDate.toISOString() : null}::timestamptz,
      ${JSON.stringify(event.payload)}::jsonb, ${event.transferKey}
    FROM decision d
    ON CONFLICT DO NOTHING
    RETURNING id
  ),`;
}

/**
 * The one operation that moves money onto an order, in one statement (atomic, one round trip):
 * - the order and every order of the same receiver, limited pack and period are locked in id order
 *   (FOR UPDATE), so payments of one order add up and payments of sibling orders run one at a time
 *   and see each other's latest state;
 * - money is added; reaching the total (or a staff mark) makes the order paid, unless the receiver
 *   already has the slot's allowed number of paid orders (`limit_count`, 1 for most packs): then it
 *   is held ("limit reached");
 * - bank money transferred after an open order's payment window (`expires_at`) is not added: the
 *   event is held for review as late, as money for a paid order is (decision record 032);
 * - a paid limited order that fills its slot cancels the receiver's other unpaid orders of that slot;
 * - the pack's mail is written with the payment (the outbox): the order's items and its bonus, as
 *   the order holds them, to the order's character; the running promotions are then decided in the same transaction
 *   (`rewardPaidOrder`: the bonus joins the order and its mail, milestones send their own mails), and a
 *   VIP tier's monthly gift when the payment lifts the receiver into a tier (`giftAfterPayment`);
 * - the points the order's credited bank money earns are written in the same transaction (`earnOrderPoints`);
 * - with a bank event, the event insert is ON CONFLICT DO NOTHING on its provider id and on its
 *   transfer key, and nothing else happens unless it was inserted: a retried or pulled copy is a no-op.
 */
export function creditMoney(db: Db | Tx, credit: Credit): Promise<CreditOutcome> {
  return db.transaction(async (tx) => {
    const outcome = await creditStatement(tx, credit);
    if (outcome.kind === 'recorded' && outcome.paid && outcome.orderId) {
      await rewardPaidOrder(tx, outcome.orderId);
      // A payment that lifts its receiver into a VIP tier gives the tier's gift of the month (decision 059).
      await giftAfterPayment(tx, outcome.orderId);
      const credited = await creditedOrder(tx, outcome.orderId);
      if (credited) await earnOrderPoints(tx, credited);
    }
    return outcome;
  });
}

async function creditStatement(db: Tx, credit: Credit): Promise<CreditOutcome> {
  const target =
    'orderId' in credit.target
      ? sql`SELECT o.id, o.receiver_id, o.limit_key, o.limit_period FROM orders o WHERE o.id = ${credit.target.orderId}`
      : sql`SELECT o.id, o.receiver_id, o.limit_key, o.limit_period FROM orders o
          WHERE o.code = ANY(${`{${credit.target.codes.join(',')}}`}::text[])
          ORDER BY array_position(${`{${credit.target.codes.join(',')}}`}::text[], o.code::text) LIMIT 1`;
  const event = credit.event;
  const preMatch = event?.preMatch ?? null;
  // With an event, the changes join `event` so that they only happen when it was inserted.
  const onlyIfInserted = event ? sql`, event e` : sql``;
  // The payment window judges bank money only, by when the bank made the transfer (a webhook retried or
  // a pull that finds it later does not make it late); staff actions are not bound by it.
  const paidAt = event
    ? sql`COALESCE(${event.transactionDate?.toISOString() ?? null}::timestamptz, now())`
    : sql`NULL::timestamptz`;
  const eventCte = event ? insertEventSql(event) : sql``;
  const result = await db.execute(sql`
    WITH target AS (${target}),
    grp AS (
      SELECT s.id, s.code, s.status, s.accumulated_amount, s.total_price, s.receiver_id, s.product_title, s.items,
        s.bonus_items, s.limit_released_at, s.limit_count, s.expires_at, s.character
      FROM orders s, target t
      WHERE s.id = t.id OR (t.limit_key IS NOT NULL AND s.receiver_id = t.receiver_id
        AND s.limit_key = t.limit_key AND s.limit_period = t.limit_period)
      ORDER BY s.id
      FOR UPDATE OF s
    ),
    late AS (
      SELECT g.id, COALESCE(g.status = 'initial' AND ${paidAt} > g.expires_at, false) AS expired
      FROM grp g JOIN target t ON t.id = g.id
    ),
    cur AS (
      SELECT g.*, l.expired,
        g.accumulated_amount + (CASE WHEN l.expired THEN 0 ELSE ${credit.amount}::bigint END) AS new_amount,
        (g.status = 'initial' AND NOT l.expired AND (g.accumulated_amount + ${credit.amount}::bigint >= g.total_price
          OR ${credit.force ?? false}::boolean)) AS reaches,
        (SELECT count(*) FROM grp o WHERE o.id <> g.id AND o.status = 'done' AND o.limit_released_at IS NULL)
          AS used_count
      FROM grp g JOIN late l ON l.id = g.id
    ),
    counted AS (
      SELECT c.*, c.used_count >= c.limit_count AS limit_used, c.used_count + 1 >= c.limit_count AS fills
      FROM cur c
    ),
    decision AS (
      SELECT c.id, c.code, c.status::text AS previous_status, c.new_amount, c.receiver_id, c.product_title, c.items,
        c.bonus_items, c.fills, c.character,
        CASE WHEN c.reaches THEN (CASE WHEN c.limit_used THEN 'held' ELSE 'done' END) ELSE c.status::text END
          AS status,
        COALESCE(${preMatch}::text, CASE
          WHEN c.id IS NULL THEN 'unmatched'
          WHEN c.status = 'done' OR c.expired THEN 'late'
          WHEN c.status = 'held' THEN 'limit_reached'
          WHEN c.status = 'cancelled' THEN 'cancelled'
          WHEN c.reaches AND c.limit_used THEN 'limit_reached'
          WHEN c.new_amount > c.total_price THEN 'overpaid'
          ELSE 'credited' END) AS match,
        CASE WHEN c.id IS NULL OR c.status <> 'initial' OR c.expired OR (c.reaches AND c.limit_used) THEN 0
          WHEN c.reaches THEN LEAST(${credit.amount}::bigint, GREATEST(c.total_price - c.accumulated_amount, 0))
          ELSE ${credit.amount}::bigint END AS credited
      FROM (SELECT 1) AS one LEFT JOIN counted c ON true
    ),
    ${eventCte}
    ${creditOrdersSql({ paidBy: credit.paidBy, note: credit.note ?? null, also: onlyIfInserted })}
    mail AS (
      ${insertMailsSql(sql`
        SELECT d.receiver_id, u.short_id, left(${credit.mailTitlePrefix} || d.product_title, 200),
          d.items || COALESCE(d.bonus_items, '[]'::jsonb), 'order', d.id::text, d.character
        FROM decision d JOIN users u ON u.id = d.receiver_id ${onlyIfInserted}
        WHERE d.previous_status = 'initial' AND d.status = 'done'`)}
    )
    SELECT d.match, d.id AS "orderId", d.code AS "orderCode", COALESCE(d.credited, 0)::bigint AS credited, d.previous_status AS "previousStatus", d.status,
      (SELECT count(*) FROM mail)::int AS mails, (SELECT count(*) FROM cancelled)::int AS cancelled,
      ${event ? sql`(SELECT count(*) FROM event)::int` : sql`1`} AS inserted
    FROM decision d`);
  const [row] = rowsOf<{
    match: BankEventMatch;
    orderId: string | null;
    orderCode: string | null;
    credited: string | number;
    previousStatus: OrderRow['status'] | null;
    status: OrderRow['status'] | null;
    mails: number;
    cancelled: number;
    inserted: number;
  }>(result);
  if (!row || row.inserted === 0) return { kind: 'duplicate' };
  return {
    kind: 'recorded',
    match: row.match,
    orderId: row.orderId,
    orderCode: row.orderCode,
    credited: Number(row.credited),
    previousStatus: row.previousStatus,
    status: row.status,
    paid: row.mails > 0,
    cancelled: row.cancelled,
  };
}

/**
 * A paid order as the points module needs it: its receiver, its code and the bank money credited to it,
 * as the revenue report counts it (`revenueLines`: incoming events, none while held or cancelled).
 */
async function creditedOrder(tx: Tx, orderId: string) {
  const [row] = rowsOf<{ receiver_id: string; code: string; credited: string | number }>(
    await tx.execute(sql`SELECT o.receiver_id, o.code, coalesce(sum(b.credited_amount) FILTER (WHERE b.transfer_type = 'in'), 0) AS credited
      FROM orders o LEFT JOIN bank_events b ON b.order_id = o.id
      WHERE o.id = ${orderId} AND o.status NOT IN ('held', 'cancelled')
      GROUP BY o.id`),
  );
  return row ? { orderId, receiverId: row.receiver_id, code: row.code, credited: Number(row.credited) } : null;
}
