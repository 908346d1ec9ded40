'use client';

import type { OrderReceipt as Receipt } from '@carabala/contracts';
import { formatItem, formatItems } from '@carabala/contracts/labels';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { CharacterLine } from '@/components/character-picker';
import { NotFoundPanel } from '@/components/not-found-panel';
import { publicConfig } from '@/config';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { formatVietnamTime, formatVnd } from '@/lib/format';
import { useOrderReceipt } from './api/receipt';
import { HeldMoneyNotice } from './held-money';
import { OrderPicture } from './order-picture';
import { giftReceiverName } from './receiver';
import { useItemNames } from '@/lib/item-names';

const statusTone: Record<Receipt['status'], string> = {
  done: 'bg-leaf/15 text-leaf-ink',
  initial: 'bg-gold/25 text-ink',
  held: 'bg-ruby/10 text-ruby-ink',
  cancelled: 'bg-ruby/10 text-ruby-ink',
};

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-ink/70">{label}</dt>
      <dd className="min-w-0 font-semibold break-words sm:text-right" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-ink/10 pt-4 print:break-inside-avoid">
      <h3 className="mb-2 text-sm font-black tracking-wide text-royal uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** The transfers that came for the order: each one's bank reference, time and amount. */
function MoneyLines<Line extends { amount: number; at: string }>({
  lines,
  reference,
  testId,
}: {
  lines: Line[];
  reference: (line: Line) => string;
  testId: string;
}) {
  const t = useTranslations('store');
  return (
    <ul className="flex flex-col gap-2" data-testid={testId}>
      {lines.map((line, index) => (
        <li key={`${reference(line)}-${index}`} className="flex flex-wrap justify-between gap-x-4 text-sm">
          <span className="min-w-0">
            <span className="text-ink/70">{t('receiptReference')}: </span>
            <span className="font-mono font-bold break-all">{reference(line)}</span>
            <span className="block text-ink/70">{t('vietnamTime', { time: formatVietnamTime(line.at) })}</span>
          </span>
          <span className="font-black">{formatVnd(line.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

function ReceiptBody({ receipt }: { receipt: Receipt }) {
  const t = useTranslations('store');
  const names = useItemNames();
  const { user } = useSession();
  const at = (iso: string) => t('vietnamTime', { time: formatVietnamTime(iso) });
  const giftTo = giftReceiverName(receipt.receiver, user?.shortId ?? null);
  const supportHref = `/supports?order=${encodeURIComponent(receipt.code)}`;
  const payHref =
    receipt.status === 'initial' && receipt.role !== 'received'
      ? `/store?tab=${receipt.packTab}&productId=${receipt.productId}&transactionId=${receipt.id}`
      : null;

  return (
    <article
      data-testid="order-receipt"
      className="mx-auto flex max-w-2xl flex-col gap-4 rounded-3xl bg-white p-5 shadow-lg ring-1 ring-ink/10 md:p-8 print:max-w-none print:shadow-none print:ring-0"
    >
      <div className="flex items-start gap-3">
        <OrderPicture order={receipt} size={64} />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-bold text-ink/60 uppercase">{t('receiptHeading')}</p>
          <h2 className="text-xl font-black break-words" data-testid="receipt-title">
            {receipt.productTitle}
          </h2>
          <p className="mt-1 text-sm text-ink/70">
            {t('receiptCode')}: {/* One unbroken code: it is what the player reads out or types to support. */}
            <span className="font-mono font-bold whitespace-nowrap text-ink" data-testid="receipt-code">
              {receipt.code}
            </span>
          </p>
          <span className={`mt-2 inline-block rounded-full px-3 py-1 text-xs font-bold ${statusTone[receipt.status]}`}>
            {t(`status.${receipt.status}`)}
          </span>
        </div>
      </div>

      <dl className="divide-y divide-ink/5">
        <Row label={t('receiptAmount')} testId="receipt-amount">
          <span className="text-lg font-black text-ruby">{formatVnd(receipt.totalPrice)}</span>
        </Row>
        <Row label={t('receiptReceived')}>{formatVnd(receipt.accumulatedAmount)}</Row>
        {receipt.refundedAmount > 0 && <Row label={t('receiptRefunded')}>{formatVnd(receipt.refundedAmount)}</Row>}
        <Row label={t('receiptCreatedAt')}>{at(receipt.createdAt)}</Row>
        <Row label={t('receiptPaidAt')} testId="receipt-paid-at">
          {receipt.paidAt
            ? at(receipt.paidAt)
            : t(receipt.status === 'initial' ? 'receiptNotPaid' : 'receiptNotCounted')}
        </Row>
      </dl>

      {receipt.held && (
        <Section title={t('receiptHeld')}>
          <HeldMoneyNotice
            held={receipt.held}
            code={receipt.code}
            received={receipt.accumulatedAmount}
            price={receipt.totalPrice}
            testId="receipt-held"
          />
        </Section>
      )}

      <Section title={t('receiptReceiver')}>
        <p className="flex min-w-0 items-center gap-3" data-testid="receipt-receiver">
          <Avatar avatar={receipt.receiver.avatar} displayName={receipt.receiver.displayName} size={40} />
          <span className="min-w-0">
            <span className="block font-bold break-words">{receipt.receiver.displayName}</span>
            <span className="font-mono text-sm text-ink/70">ID: {receipt.receiver.shortId}</span>
          </span>
        </p>
        <CharacterLine character={receipt.character} className="mt-2 font-semibold" testId="receipt-character" />
        <p className="mt-3 text-sm text-ink/70">
          {t('receiptBuyer')}:{' '}
          <span className="font-semibold text-ink" data-testid="receipt-buyer">
            {receipt.buyer
              ? `${receipt.buyer.displayName} (ID: ${receipt.buyer.shortId})`
              : t(receipt.kind === 'manual' ? 'receiptGrantBuyer' : 'receiptGuestBuyer')}
          </span>
        </p>
      </Section>

      <Section title={t('receiptContents')}>
        <ul className="flex flex-col gap-1" data-testid="receipt-items">
          {receipt.items.map((item) => (
            <li key={item.itemId} className="font-semibold">
              {formatItem(item, names)}
            </li>
          ))}
        </ul>
        {receipt.bonusItems.length > 0 && (
          <p className="mt-1 font-semibold text-gold-ink" data-testid="receipt-bonus">
            {t('receiptBonus', { items: formatItems(receipt.bonusItems, names) })}
          </p>
        )}
        <p className="mt-2 text-sm text-ink/70" data-testid="receipt-mailbox">
          {giftTo ? t('receiptMailboxOf', { name: giftTo }) : t('receiptMailboxYours')}
        </p>
      </Section>

      <Section title={t('receiptDelivery')}>
        <p className="font-semibold" data-testid="receipt-delivery">
          {receipt.delivery ? t(`delivery.${receipt.delivery}`) : t('receiptNoDelivery')}
        </p>
      </Section>

      <Section title={t('receiptTransfers')}>
        {receipt.transfers.length === 0 ? (
          <p className="text-sm text-ink/70">{t('receiptNoTransfers')}</p>
        ) : (
          <MoneyLines
            testId="receipt-transfers"
            lines={receipt.transfers}
            reference={(line) => line.reference ?? t('receiptNoReference')}
          />
        )}
      </Section>

      {/* On paper the site's header is gone: who issued the receipt, and where it lives. */}
      <p className="hidden border-t border-ink/10 pt-4 text-xs text-ink/70 print:block">
        {publicConfig.brand} · {publicConfig.siteUrl}/store/history/{receipt.code}
      </p>

      <div className="flex flex-col gap-2 border-t border-ink/10 pt-4 sm:flex-row sm:flex-wrap print:hidden">
        {payHref && (
          <Link href={payHref} className={buttonClass('primary')}>
            {t('receiptContinue')}
          </Link>
        )}
        <Button variant="outline" onClick={() => window.print()} data-testid="receipt-print">
          {t('receiptPrint')}
        </Button>
        <Link href={supportHref} className={buttonClass('outline')} data-testid="receipt-support">
          {t('receiptSupport')}
        </Link>
        <Link href="/store/history" className={buttonClass('ghost')}>
          {t('receiptBackToHistory')}
        </Link>
      </div>
    </article>
  );
}

/** An order's receipt at /store/history/{code}: for its buyer and receiver; anyone else sees not-found. */
export function OrderReceipt({ code }: { code: string }) {
  const t = useTranslations('store');
  const { isSignedIn } = useSession();
  const query = useOrderReceipt(code, isSignedIn);
  if (query.data) return <ReceiptBody receipt={query.data} />;
  if (query.error) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <NotFoundPanel
          title={t('receiptNotFoundTitle')}
          text={t('receiptNotFoundText')}
          link={{ href: '/store/history', label: t('receiptBackToHistory') }}
          testId="receipt-not-found"
        />
      );
    }
    return <p className="text-center text-ruby">{query.error.message}</p>;
  }
  return (
    <div className="flex justify-center py-10">
      <Spinner className="size-8 text-royal" />
    </div>
  );
}
