'use client';

import type { HeldMoney } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { formatVietnamTime, formatVnd } from '@/lib/format';

type Held = NonNullable<HeldMoney>;

/** What is still held: the whole amount less what staff already sent back. */
const leftOf = (held: Held) => held.amount - held.refunds.reduce((sum, refund) => sum + refund.amount, 0);

/** Late or unusually large money may still buy the pack: staff check it first. */
const checkedFirst = (held: Held) => held.reason === 'late' || held.reason === 'too_large';

/**
 * Money received for an order that did not pay for its pack, told plainly: how much, why, what staff do
 * next and by when, then each refund with its bank reference and time. On the panel and the receipt.
 */
export function HeldMoneyNotice({
  held,
  code,
  received,
  price,
  testId = 'held-money',
}: {
  held: Held;
  code: string;
  received: number;
  price: number;
  testId?: string;
}) {
  const t = useTranslations('store');
  const at = (iso: string) => t('vietnamTime', { time: formatVietnamTime(iso) });
  const left = leftOf(held);
  const amount = formatVnd(held.amount);
  return (
    <section role="status" data-testid={testId} className="rounded-xl bg-gold/20 p-3 text-left text-sm text-ink">
      <p className="font-bold">
        {held.reason === 'overpaid' ? t('held.titleOverpaid', { amount }) : t('held.title', { amount })}
      </p>
      <p className="mt-1 text-ink/80" data-testid="held-why">
        {t(`held.why.${held.reason}`, { received: formatVnd(received), price: formatVnd(price) })}
      </p>
      {left > 0 && held.refundBy && (
        <p className="mt-1 font-semibold" data-testid="held-next">
          {t(checkedFirst(held) ? 'held.nextChecked' : 'held.next', {
            amount: formatVnd(left),
            date: at(held.refundBy),
          })}
        </p>
      )}
      {left > 0 && !held.refundBy && <p className="mt-1 font-semibold">{t('held.handled', { code })}</p>}
      {held.refunds.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1" data-testid="held-refunds">
          {held.refunds.map((refund, index) => (
            <li key={`${refund.reference}-${index}`} className="font-semibold text-leaf-ink">
              {t('held.refund', { amount: formatVnd(refund.amount), reference: refund.reference, time: at(refund.at) })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The same in one line of the order history: what is held and by when it comes back, or that it came back. */
export function HeldMoneyLine({ held }: { held: Held }) {
  const t = useTranslations('store');
  const left = leftOf(held);
  const reason = t(`held.short.${held.reason}`);
  let line: string;
  if (left <= 0) line = t('held.lineRefunded', { amount: formatVnd(held.amount), reason });
  else if (held.refundBy) {
    line = t('held.lineWaiting', {
      amount: formatVnd(left),
      reason,
      time: formatVietnamTime(held.refundBy),
    });
  } else line = t('held.lineHandled', { amount: formatVnd(left), reason });
  return (
    <p data-testid="history-held" className="text-xs font-semibold text-ink/80">
      {line}
    </p>
  );
}
