'use client';

import type { BankTransaction } from '@carabala/contracts';
import { formatItems } from '@carabala/contracts/labels';
import { formatVnd } from '@/lib/format';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import Link from 'next/link';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { publicConfig } from '@/config';
import { messageOf } from '@/lib/api-client';
import { bankTransactionQuery, useBankTransaction, useLiveBankTransaction, useSimulateTransfer } from './api/player';
import { CopyRow } from './copy-row';
import { FindOrderAgain } from './find-order-again';
import { Countdown, ExpiredNotice, OrderSummary, useTimeLeft } from './order-window';
import { PayFromPhone } from './pay-from-phone';
import { PaymentStatus } from './payment-status';
import { PromotionBonus } from './promotion-bonus';
import { QrImage } from '@/components/qr-image';
import { useItemNames } from '@/lib/item-names';
import { standingKey } from '@/lib/standing-keys';
import { useSession } from '@/lib/auth';

function SimulateTransfer({ transaction }: { transaction: BankTransaction }) {
  const t = useTranslations('store');
  const due = Math.max(transaction.totalPrice - transaction.accumulatedAmount, 1000);
  const [amount, setAmount] = useState(String(due));
  const simulate = useSimulateTransfer(transaction.id);
  return (
    <div className="rounded-2xl border-2 border-dashed border-royal/40 p-3">
      <p className="text-xs font-bold tracking-wide text-royal uppercase">{t('simulateTitle')}</p>
      <div className="mt-2 flex gap-2">
        <input
          aria-label={t('simulateAmount')}
          inputMode="numeric"
          value={amount}
          onChange={(event) => setAmount(event.target.value.replace(/\D/g, ''))}
          className="w-28 min-w-0 flex-1 rounded-xl border-2 border-ink/15 bg-white px-3 py-2"
        />
        <Button
          variant="outline"
          disabled={simulate.isPending || !Number(amount)}
          // The promise, not mutate's callbacks: a transfer that pays the order closes this panel (the
          // order's stream can say so before the answer arrives), and mutate's callbacks die with it.
          onClick={() =>
            simulate.mutateAsync(Number(amount)).then(
              () => toast.success(t('simulated', { amount: formatVnd(Number(amount)) })),
              (error: unknown) => toast.error(messageOf(error, t('checkFailed'))),
            )
          }
        >
          {simulate.isPending && <Spinner />}
          {t('simulate')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Once an order takes no more money: the receipt and the history (signed in), and after a payment
 * buying more, beside the support link.
 */
function ClosedActions({ transaction, onBuyMore }: { transaction: BankTransaction; onBuyMore: () => void }) {
  const t = useTranslations('store');
  const { isSignedIn } = useSession();
  return (
    <>
      {isSignedIn && (
        <Link href="/store/history" className={buttonClass('outline')} data-testid="paid-history">
          {t('historyLink')}
        </Link>
      )}
      {transaction.status === 'done' && (
        <Button variant={isSignedIn ? 'outline' : 'primary'} onClick={onBuyMore} data-testid="paid-buy-more">
          {t('buyMore')}
        </Button>
      )}
      {isSignedIn && (
        <Link
          href={`/store/history/${encodeURIComponent(transaction.code)}`}
          className={buttonClass('primary')}
          data-testid="paid-receipt"
        >
          {t('receiptView')}
        </Link>
      )}
    </>
  );
}

/**
 * The bank-transfer panel: what is bought and for whom, the VietQR and copyable details with the time
 * left to pay, and the result. It follows the money by itself (the order's event stream, or polling);
 * "Kiểm tra" reads the order at once. Past the payment window the QR and account are hidden.
 */
export function TransferPanel({
  id,
  checkedInitially = false,
  onBuyMore,
}: {
  id: string;
  checkedInitially?: boolean;
  /** "Mua tiếp" after a payment: back to the store. */
  onBuyMore: () => void;
}) {
  const t = useTranslations('store');
  const { isSignedIn } = useSession();
  const names = useItemNames();
  const queryClient = useQueryClient();
  const query = useBankTransaction(id);
  const [checked, setChecked] = useState(checkedInitially);
  const [checking, setChecking] = useState(false);
  const transaction = query.data;
  const timeLeft = useTimeLeft(transaction?.expiresAt ?? null);
  const open = transaction?.status === 'initial';
  const expired = timeLeft === 0;
  // A paid order's mail is on its way: the panel keeps listening until the game has it (or gives up).
  const delivering = transaction?.status === 'done' && transaction.delivery === 'pending';
  const live = useLiveBankTransaction(id, (open && !expired) || delivering);
  // Once the order takes no more money, its result and the ways on (receipt, history, "Mua tiếp") are
  // brought into view together: under a pack's banner at 1280×800 the buttons sat below the fold.
  const actions = useRef<HTMLDivElement>(null);
  const settled = transaction !== undefined && !open;
  useEffect(() => {
    if (settled) actions.current?.scrollIntoView({ block: 'nearest' });
  }, [settled]);
  // A paid order moves the player's standing (VIP tier, points, event progress): their pages read it again.
  const paid = transaction?.status === 'done';
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: standingKey });
  }, [paid, queryClient]);

  if (!transaction) {
    return query.isError ? (
      <p role="alert" className="text-center text-ruby">
        {t('notFound')}
      </p>
    ) : (
      <div className="flex justify-center py-10">
        <Spinner className="size-8 text-royal" />
      </div>
    );
  }

  const check = async () => {
    setChecking(true);
    try {
      await queryClient.fetchQuery({ ...bankTransactionQuery(id), staleTime: 0 });
      setChecked(true);
    } catch {
      toast.error(t('checkFailed'));
    } finally {
      setChecking(false);
    }
  };

  const due = transaction.totalPrice - transaction.accumulatedAmount;
  // What came in shows as soon as it comes; "nothing yet" once the player asks or comes back.
  const showStatus = checked || transaction.accumulatedAmount > 0;
  return (
    <div className="flex flex-col gap-3" data-live={open && !expired ? live : undefined}>
      {/* Paid, held and cancelled orders take no more money: the panel shows their state, not the QR. */}
      {!open && <PaymentStatus transaction={transaction} />}
      {transaction.bonusItems.length > 0 && (
        <p className="rounded-xl bg-gold/15 p-3 text-sm font-semibold" data-testid="transfer-bonus">
          {t('receiptBonus', { items: formatItems(transaction.bonusItems, names) })}
        </p>
      )}
      {open && expired && (
        <>
          <OrderSummary transaction={transaction} />
          <ExpiredNotice transaction={transaction} />
        </>
      )}
      {open && !expired && (
        <>
          {/* Side by side from 768 px, so that the QR stays in view under the history banner at 1280×800. */}
          <div className={`grid gap-3 ${showStatus ? 'md:grid-cols-2' : ''}`}>
            <OrderSummary transaction={transaction} />
            {showStatus && <PaymentStatus transaction={transaction} />}
          </div>
          <PromotionBonus
            packId={transaction.packId}
            productId={transaction.productId}
            receiver={transaction.receiver.shortId}
          />
          <section className="rounded-2xl bg-white p-3 ring-1 ring-ink/10 md:p-4">
            <div className="flex flex-wrap items-center justify-center gap-x-4 md:justify-between">
              <h3 className="font-black">{t('scanOrTransfer')}</h3>
              {timeLeft !== null && <Countdown timeLeft={timeLeft} />}
            </div>
            <div className="mt-2 grid gap-3 md:grid-cols-[180px_1fr] md:items-start md:gap-4">
              <div className="mx-auto w-44 md:w-full">
                <QrImage payload={transaction.qr.payload} alt={t('qrAlt')} />
              </div>
              <div>
                <CopyRow label={t('amount')} value={String(due)} display={formatVnd(due)} />
                <CopyRow label={t('bank')} value={transaction.bank.name} />
                <CopyRow label={t('accountNumber')} value={transaction.bank.accountNumber} />
                <CopyRow label={t('accountName')} value={transaction.bank.accountName} />
                <CopyRow label={t('transferContent')} value={transaction.code} />
                <p className="mt-2 text-xs text-ink/80">{t('contentWarning')}</p>
              </div>
            </div>
            <p className="mt-2 text-center text-xs text-ink/70" data-testid="live-hint">
              {t('liveHint')}
            </p>
          </section>
          <PayFromPhone transaction={transaction} amount={due} />
          {/* A guest has no history: the order's link and the look-up find it again. */}
          {!isSignedIn && <FindOrderAgain transaction={transaction} />}
          {/* The API says whether demo mode is on: one switch, off by default. */}
          {transaction.simulateAvailable && <SimulateTransfer transaction={transaction} />}
        </>
      )}
      <div ref={actions} className="flex flex-col-reverse gap-3 md:flex-row md:flex-wrap md:justify-end">
        <a href={publicConfig.supportUrl} target="_blank" rel="noreferrer" className={buttonClass('outline')}>
          {t('contactSupport')}
        </a>
        {!open && <ClosedActions transaction={transaction} onBuyMore={onBuyMore} />}
        {open && (
          <Button onClick={check} disabled={checking}>
            {checking && <Spinner />}
            {t('checkResult')}
          </Button>
        )}
      </div>
    </div>
  );
}
