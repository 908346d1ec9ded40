'use client';

import type { BankTransaction } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useSession } from '@/lib/auth';
import { CopyRow } from './copy-row';

/** The store address that opens an order's panel: what a player keeps to come back to it. */
export const orderPath = (order: { id: string; productId: number; packTab: string }) =>
  `/store?tab=${order.packTab}&productId=${order.productId}&transactionId=${order.id}`;

const link = (href: string) => (chunks: ReactNode) => (
  <Link href={href} className="font-bold text-royal underline">
    {chunks}
  </Link>
);

/**
 * How to come back to an unpaid order: its link to copy, and the look-up by order code and receiver's
 * User ID (a guest has no history); a signed-in player finds it in their history too.
 */
export function FindOrderAgain({ transaction }: { transaction: BankTransaction }) {
  const t = useTranslations('store');
  const { isSignedIn } = useSession();
  const url = `${window.location.origin}${orderPath(transaction)}`;
  return (
    <section data-testid="find-order-again" className="rounded-xl bg-royal/5 p-3 text-sm ring-1 ring-royal/15">
      <p className="font-bold text-ink">{t('findAgainTitle', { code: transaction.code })}</p>
      <CopyRow label={t('orderLink')} value={url} display={url.replace(/^https?:\/\//, '')} oneLine />
      <p className="mt-1 text-ink/80">
        {isSignedIn
          ? t.rich('findAgainSignedIn', { link: link('/store/history') })
          : t.rich('findAgainLookup', {
              link: link('/store/lookup'),
              code: transaction.code,
              shortId: transaction.receiver.shortId,
            })}
      </p>
    </section>
  );
}
