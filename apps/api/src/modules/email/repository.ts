import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** The e-mails the site sends, and what each template fills in. */
export type EmailInput =
  | { kind: 'verify_email'; params: { name: string; link: string; hours: number } }
  | { kind: 'password_reset'; params: { name: string; link: string; minutes: number } }
  | {
      kind: 'receipt';
      params: {
        name: string;
        orderCode: string;
        packName: string;
        amount: number;
        paidAt: string;
        /** The receiver's User ID and name when the pack was bought for someone else. */
        receiver?: { shortId: string; name: string };
        /** True on the copy sent to the receiver of a gift. */
        asReceiver?: boolean;
      };
    }
  | { kind: 'new_device'; params: { name: string; device: string; ip: string; at: string } };

export type EmailKind = EmailInput['kind'];

export type QueuedEmail = EmailInput & {
  to: string;
  /** Names the change that asked for it; a second queue with the same key is a no-op. */
  dedupeKey: string;
};

/**
 * Writes an e-mail into the outbox, inside the caller's transaction when given one. Returns its id,
 * or null when an e-mail with that key is already there.
 */
export async function queueEmail(db: Db | Tx, email: QueuedEmail): Promise<string | null> {
  const result = await db.execute(sql`INSERT INTO emails (to_address, kind, params, dedupe_key)
    VALUES (${email.to}, ${email.kind}, ${JSON.stringify(email.params)}::jsonb, ${email.dedupeKey})
    ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}
