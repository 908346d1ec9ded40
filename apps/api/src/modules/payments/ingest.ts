import { timingSafeEqual, createHash } from 'node:crypto';
import { codes, type BankEventMatch } from '@carabala/contracts';
import { DEMO_SEPAY_API_KEY } from '../../config';
import { afterMoney, type MoneyDeps } from './money-deps';
import { AppError } from '../../plugins/errors';
import { findOrderCodes } from '../orders';
import { paymentsMessages as m } from './messages';
import { creditMoney, type CreditOutcome, type NewBankEvent } from './repository';
import { parseSepayDate, sepayWebhookSchema } from './sepay';

/** Hashing both sides first gives equal lengths, so the comparison takes the same time for any key. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Cuts a bank text to its column; the whole value stays in the raw payload. */
const cut = (value: string | null, length: number) => (value === null ? null : value.slice(0, length));

/** jsonb cannot hold NUL either: the payload keeps it written out as the text \u0000. */
function storablePayload(raw: unknown): unknown {
  return JSON.parse(JSON.stringify(raw).replace(/\\u0000/g, '\\\\u0000'));
}

/** What makes a webhook event and a pulled transaction the same transfer (decision record 007). */
export function transferKey(transfer: {
  transferType: string | null;
  accountNumber: string | null;
  referenceCode: string | null;
  amount: number;
}): string | null {
  if (transfer.transferType !== 'in' || !transfer.referenceCode || !transfer.accountNumber) return null;
  return `${transfer.accountNumber}|${transfer.referenceCode}|${transfer.amount}`;
}

/** One incoming or outgoing transfer, from the webhook or from the pulled list. */
export interface BankTransfer {
  provider: 'sepay' | 'sepay-api';
  providerId: string;
  amount: number | null;
  transferType: string | null;
  accountNumber: string | null;
  code: string | null;
  content: string | null;
  description: string | null;
  referenceCode: string | null;
  transactionDate: string | null;
  payload: unknown;
}

/** Taking transfers in: the bank feed's webhook, and the pull (bank-feed.ts) through `recordTransfer`. */
export function createIngestService({ db, config, events }: MoneyDeps) {
  /** Stores one transfer and credits the order it names; a transfer already stored is a no-op. */
  async function recordTransfer(transfer: BankTransfer): Promise<CreditOutcome> {
    const amount = transfer.amount ?? 0;
    const transferType = cut(transfer.transferType, 10);
    const accountNumber = cut(transfer.accountNumber, 40);
    const referenceCode = cut(transfer.referenceCode, 100);
    let preMatch: BankEventMatch | null = null;
    if (transfer.transferType !== 'in') preMatch = 'outgoing';
    else if (transfer.accountNumber !== config.BANK_ACCOUNT_NUMBER) preMatch = 'wrong_account';
    else if (amount <= 0) preMatch = 'invalid';
    // No pack costs anything near this: a bank error or a forged feed, for a person to check (and the
    // ceiling keeps every order's and every day's sums far from where numbers lose precision).
    else if (amount > config.BANK_EVENT_MAX_AMOUNT) preMatch = 'too_large';
    const event: NewBankEvent = {
      provider: transfer.provider,
      providerId: cut(transfer.providerId, 40)!,
      amount,
      transferType,
      accountNumber,
      content: transfer.content,
      referenceCode,
      transactionDate: parseSepayDate(transfer.transactionDate),
      payload: storablePayload(transfer.payload),
      transferKey: transferKey({ transferType: transfer.transferType, accountNumber, referenceCode, amount }),
      preMatch,
    };
    const outcome = await creditMoney(db, {
      target: { codes: preMatch ? [] : findOrderCodes(config.ORDER_CODE_PREFIX, transfer) },
      amount: preMatch ? 0 : amount,
      paidBy: 'bank',
      event,
      mailTitlePrefix: m.orderMailTitlePrefix,
    });
    // creditMoney is one statement outside any transaction: it is committed when it answers.
    if (outcome.kind === 'recorded') await afterMoney(events, { orderId: outcome.orderId, mailQueued: outcome.paid });
    return outcome;
  }

  return {
    recordTransfer,

    /**
     * The `Authorization: Apikey <key>` check of the bank feed, in constant time. The documented
     * demo key opens nothing outside demo mode.
     */
    authorizeWebhook(header: string | undefined): boolean {
      if (config.SEPAY_API_KEY === DEMO_SEPAY_API_KEY && !config.DEMO_MODE) return false;
      const match = /^Apikey\s+(.+)$/i.exec(header?.trim() ?? '');
      return match !== null && sameSecret(match[1]!, config.SEPAY_API_KEY);
    },

    /** Records one bank-feed event (strictly parsed: a body that cannot be read is refused whole). */
    async recordSepayEvent(raw: unknown): Promise<CreditOutcome> {
      const parsed = sepayWebhookSchema.safeParse(raw);
      if (!parsed.success) {
        throw new AppError(400, codes.validation, m.badWebhookBody);
      }
      const event = parsed.data;
      return recordTransfer({
        provider: 'sepay',
        providerId: event.id,
        amount: event.transferAmount,
        transferType: event.transferType,
        accountNumber: event.accountNumber,
        code: event.code,
        content: event.content,
        description: event.description,
        referenceCode: event.referenceCode,
        transactionDate: event.transactionDate,
        payload: raw,
      });
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
