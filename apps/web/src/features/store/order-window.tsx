'use client';

import type { BankTransaction } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { CharacterLine } from '@/components/character-picker';
import { Avatar } from '@/components/ui/avatar';
import { buttonClass } from '@/components/ui/button';
import { formatVnd } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { HeldMoneyNotice } from './held-money';
import { OrderPicture } from './order-picture';

/** The time left until `expiresAt`, ticking each second; null for an order without a window. */
export function useTimeLeft(expiresAt: string | null): number | null {
  const now = useNow(Boolean(expiresAt));
  return expiresAt ? Math.max(0, Date.parse(expiresAt) - now) : null;
}

/** 29:05 (minutes may pass 59 for a window longer than an hour). */
const minutesSeconds = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};

export function Countdown({ timeLeft }: { timeLeft: number }) {
  const t = useTranslations('store');
  return (
    <p className="flex items-center justify-center gap-2 text-sm text-ink/70 md:justify-start">
      {t('timeLeft')}
      <span
        role="timer"
        data-testid="payment-countdown"
        className={`rounded-full px-2 py-0.5 font-mono font-bold tabular-nums ${timeLeft < 5 * 60_000 ? 'bg-gold/25 text-ink' : 'bg-royal/10 text-royal'}`}
      >
        {minutesSeconds(timeLeft)}
      </span>
    </p>
  );
}

/** What the player pays for and whom it goes to: the pack's picture, title and price, then the receiver. */
export function OrderSummary({ transaction }: { transaction: BankTransaction }) {
  const t = useTranslations('store');
  const { receiver } = transaction;
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-white p-3 ring-1 ring-ink/10" data-testid="order-summary">
      <OrderPicture order={transaction} size={48} className="size-12" />
      <div className="min-w-0 flex-1">
        <p className="font-bold [overflow-wrap:anywhere]">
          <span data-testid="transfer-pack">{transaction.productTitle}</span>
          <span className="font-black text-ruby"> · {formatVnd(transaction.totalPrice)}</span>
        </p>
        <div className="mt-1 flex items-center gap-2 text-sm">
          <Avatar avatar={receiver.avatar} displayName={receiver.displayName} size={22} />
          <p className="min-w-0 [overflow-wrap:anywhere]">
            <span className="text-ink/70">{t('recipient')}: </span>
            <span className="font-bold" data-testid="transfer-recipient">
              {receiver.displayName}
            </span>
            <span className="text-ink/70"> · ID: {receiver.shortId}</span>
          </p>
        </div>
        <CharacterLine character={transaction.character} className="mt-1 text-sm font-semibold" />
      </div>
    </div>
  );
}

/** The window is over: no QR, no account to pay; what became of the money and how to order again. */
export function ExpiredNotice({ transaction }: { transaction: BankTransaction }) {
  const t = useTranslations('store');
  const received = transaction.accumulatedAmount;
  return (
    <section
      role="status"
      data-testid="payment-expired"
      className="rounded-2xl bg-gold/10 p-4 ring-1 ring-gold/50"
      aria-labelledby="payment-expired-title"
    >
      <h3 id="payment-expired-title" className="font-black">
        {t('expiredTitle')}
      </h3>
      <p className="mt-1 text-sm text-ink/80">{t('expiredText')}</p>
      {received > 0 && (
        <p className="mt-2 text-sm font-semibold">
          {t('expiredReceived', { received: formatVnd(received), code: transaction.code })}
        </p>
      )}
      {/* Money that came after the window: how much, and what staff do with it by when. */}
      {transaction.held && (
        <div className="mt-2">
          <HeldMoneyNotice
            held={transaction.held}
            code={transaction.code}
            received={received}
            price={transaction.totalPrice}
          />
        </div>
      )}
      <p className="mt-2 text-sm text-ink/80">{t('expiredLate', { code: transaction.code })}</p>
      {/* A full page load: the dialog starts again on the pack, with nothing of this order left in it. */}
      <a
        href={`/store?tab=${transaction.packTab}&productId=${transaction.productId}`}
        className={`${buttonClass('primary')} mt-3 w-full md:w-auto`}
        data-testid="order-again"
      >
        {t('orderAgain')}
      </a>
    </section>
  );
}
