import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { MailItem } from '../../db/schema';
import type { OrderRow } from './repository';

// What is written on orders inside another module's transaction: payments' credit (one statement,
// decision record 007) and the bonus the promotions it decides add to a paid order.

/**
 * The two CTEs of payments' credit statement (`creditMoney`) that write on orders. `credited` moves the
 * money and the status as the statement's `decision d` says (id, new_amount, status, previous_status);
 * `cancelled` cancels the other unpaid orders of the locked slot (`grp g`) that the paid order fills
 * (`d.fills`). `also` joins more rows (the inserted bank event): without them nothing is written.
 */
export function creditOrdersSql({
  paidBy,
  note,
  also,
}: {
  paidBy: NonNullable<OrderRow['paidBy']>;
  note: string | null;
  also: SQL;
}): SQL {
  return sql`credited AS (
    UPDATE orders o SET
      accumulated_amount = d.new_amount,
      status = d.status::order_status,
      paid_at = CASE WHEN d.status = 'done' AND d.previous_status = 'initial' THEN now() ELSE o.paid_at END,
      paid_by = CASE WHEN d.status = 'done' AND d.previous_status = 'initial'
        THEN ${paidBy}::order_paid_by ELSE o.paid_by END,
      closed_at = CASE WHEN d.status = 'held' AND d.previous_status = 'initial' THEN now() ELSE o.closed_at END,
      note = COALESCE(${note}::text, o.note)
    FROM decision d ${also}
    WHERE o.id = d.id
    RETURNING o.id
  ),
  cancelled AS (
    UPDATE orders o SET status = 'cancelled', closed_at = now()
    FROM decision d, grp g ${also}
    WHERE d.status = 'done' AND d.previous_status = 'initial' AND d.fills AND g.id <> d.id AND g.status = 'initial'
      AND o.id = g.id
    RETURNING o.id
  ),`;
}

/** Records the order's bonus (what the receipt shows). */
export async function setOrderBonus(tx: Tx, orderId: string, bonus: MailItem[]) {
  await tx.execute(sql`update orders set bonus_items = ${JSON.stringify(bonus)}::jsonb where id = ${orderId}`);
}
