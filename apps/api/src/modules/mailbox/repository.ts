import type { Tx } from '../../db/client';
import { mails, type MailItem } from '../../db/schema';

export interface NewMail {
  receiverId: string;
  receiverShortId: string;
  title: string;
  items: MailItem[];
  /** What earned the mail: 'order', 'gift_code', 'grant' … */
  source: string;
  /** The id of that event; (source, sourceId) is unique, so one event never gives two mails. */
  sourceId: string;
}

/** Writes a mail into the outbox inside the caller's transaction. Returns the mail id. */
export async function enqueueMail(tx: Tx, mail: NewMail): Promise<string> {
  const [row] = await tx.insert(mails).values(mail).returning({ id: mails.id });
  return row!.id;
}
