'use client';

import type { BankTransaction } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatVietnamTime, formatVnd } from '@/lib/format';
import { useBankTransaction } from './api/player';
import { FindOrderAgain } from './find-order-again';
import { Countdown, useTimeLeft } from './order-window';

/** What happens to the order once the panel is closed, and how to find it again. */
function CloseQuestion({ transaction }: { transaction: BankTransaction }) {
  const t = useTranslations('store');
  const timeLeft = useTimeLeft(transaction.expiresAt);
  return (
    <div className="flex flex-col gap-3" data-testid="close-confirm">
      <p className="text-ink/80">
        {t('closeText', {
          code: transaction.code,
          product: transaction.productTitle,
          price: formatVnd(transaction.totalPrice),
          time: t('vietnamTime', { time: formatVietnamTime(transaction.expiresAt ?? transaction.createdAt) }),
        })}
      </p>
      {timeLeft !== null && <Countdown timeLeft={timeLeft} />}
      <FindOrderAgain transaction={transaction} />
    </div>
  );
}

/**
 * Closing the panel of an order still waiting for money asks first (the order stays open until it
 * expires; its link and the look-up find it again); any other panel closes at once. `id` is the order
 * the dialog shows, if any.
 */
export function useCloseConfirm(id: string | null, close: () => void) {
  const t = useTranslations('store');
  const [asking, setAsking] = useState(false);
  // The panel's own query: read from its cache, and followed while the question is open.
  const { data: transaction } = useBankTransaction(id);
  const waiting = (order: BankTransaction | undefined): order is BankTransaction =>
    order?.status === 'initial' && (order.expiresAt === null || Date.parse(order.expiresAt) > Date.now());
  const shown = asking && transaction?.status === 'initial';
  return {
    /** The close button, Escape and the drawer: ask while the order waits for money, else close. */
    request: () => (waiting(transaction) ? setAsking(true) : close()),
    view: shown
      ? {
          title: t('closeTitle'),
          body: <CloseQuestion transaction={transaction} />,
          footer: (
            <>
              <Button variant="outline" onClick={close} data-testid="close-leave">
                {t('closeLeave')}
              </Button>
              <Button onClick={() => setAsking(false)}>{t('closeStay')}</Button>
            </>
          ),
        }
      : null,
  };
}
