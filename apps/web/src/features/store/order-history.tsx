'use client';

import type { OrderHistoryItem } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { CharacterLine } from '@/components/character-picker';
import { LoginGate } from '@/components/sign-in-slot';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth';
import { formatVietnamTime, formatVnd } from '@/lib/format';
import { useOrderHistory } from './api/player';
import { HeldMoneyLine } from './held-money';
import { OrderPicture } from './order-picture';

function HistoryRow({ item }: { item: OrderHistoryItem }) {
  const t = useTranslations('store');
  const href = `/store?tab=${item.packTab}&productId=${item.productId}&transactionId=${item.id}`;
  const receipt = `/store/history/${encodeURIComponent(item.code)}`;
  return (
    <li className="flex items-start gap-3 rounded-2xl bg-white p-3 ring-1 ring-ink/10" data-testid="history-row">
      <OrderPicture order={item} size={56} className="size-12 sm:size-14" />
      <div className="min-w-0 flex-1">
        {/* Whole titles, wrapped: "200 Kim Cương" is never cut at 320 px. */}
        <Link href={receipt} className="font-bold break-words hover:underline" data-testid="history-receipt-title">
          {item.productTitle}
        </Link>
        <p className="text-xs break-words text-ink/70">
          {item.code} · {formatVietnamTime(item.createdAt)} ·{' '}
          {/* A staff grant is nobody's purchase: it says where it came from. */}
          {t(item.kind === 'manual' ? 'role.granted' : `role.${item.role}`, {
            name: item.receiverName,
            shortId: item.receiverShortId,
          })}
        </p>
        <CharacterLine character={item.character} className="text-xs text-ink/80" testId="history-character" />
        <p className="text-sm">
          <span className="font-black text-ruby">{formatVnd(item.totalPrice)}</span>
          {item.accumulatedAmount > 0 && (
            <span className="text-ink/70">
              {' '}
              · {t('paid')} {formatVnd(item.accumulatedAmount)}
            </span>
          )}
        </p>
        {item.held && <HeldMoneyLine held={item.held} />}
        {/* Under the text, wrapping: at 320 px the title keeps the row's width. */}
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-bold ${item.status === 'done' ? 'bg-leaf/15 text-leaf-ink' : item.status === 'initial' ? 'bg-gold/25 text-ink' : 'bg-ruby/10 text-ruby-ink'}`}
          >
            {t(`status.${item.status}`)}
          </span>
          {item.delivery && <span className="text-xs text-ink/70">{t(`delivery.${item.delivery}`)}</span>}
          <Link href={receipt} className="text-sm font-bold text-royal underline" data-testid="history-receipt">
            {t('receiptOpen')}
          </Link>
          <Link href={href} className="text-sm font-bold text-royal underline">
            {t('historyOpen')}
          </Link>
        </div>
      </div>
    </li>
  );
}

function HistoryList() {
  const t = useTranslations('store');
  const { isSignedIn } = useSession();
  const [page, setPage] = useState(1);
  const [earlier, setEarlier] = useState<OrderHistoryItem[]>([]);
  const query = useOrderHistory(page, isSignedIn);
  if (!query.data) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-8 text-royal" />
      </div>
    );
  }
  const items = [...earlier, ...query.data.items];
  if (items.length === 0) return <p className="text-center text-ink/70">{t('historyEmpty')}</p>;
  const more = items.length < query.data.total;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <HistoryRow key={item.id} item={item} />
        ))}
      </ul>
      {more && (
        <Button
          variant="outline"
          className="self-center"
          onClick={() => {
            setEarlier(items);
            setPage((current) => current + 1);
          }}
        >
          {t('historyMore')}
        </Button>
      )}
    </div>
  );
}

/** The signed-in player's orders, bought or received, each opening its state in the store. */
export function OrderHistory() {
  const t = useTranslations('store');
  return (
    <LoginGate text={t('historyGate')}>
      <HistoryList />
    </LoginGate>
  );
}
