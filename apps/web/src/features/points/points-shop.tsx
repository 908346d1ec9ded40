'use client';

import type { PointsShopEntry } from '@carabala/contracts';
import { formatItem } from '@carabala/contracts/labels';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState } from 'react';
import { LoginGate } from '@/components/sign-in-slot';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { Spinner } from '@/components/ui/spinner';
import { messageOf } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { formatCount } from '@/lib/format';
import { usePointsShop, usePointsSummary, useRedeem } from './api/points';

type Outcome = { ok: boolean; text: string };

function RedeemDialog({ item, onClose }: { item: PointsShopEntry; onClose: () => void }) {
  const t = useTranslations('points');
  const redeem = useRedeem();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const confirm = () =>
    redeem.mutate(item.id, {
      onSuccess: (done) =>
        setOutcome({ ok: true, text: t('done', { title: done.title, balance: formatCount(done.balance) }) }),
      onError: (error) => setOutcome({ ok: false, text: messageOf(error, t('failed')) }),
    });
  return (
    <ResponsiveDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('confirmTitle')}
      footer={
        outcome ? (
          <Button onClick={onClose}>{t('close')}</Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button disabled={redeem.isPending} onClick={confirm} data-testid="redeem-confirm">
              {redeem.isPending && <Spinner />}
              {t('confirm')}
            </Button>
          </>
        )
      }
    >
      {outcome ? (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          data-testid="redeem-outcome"
          className={`font-semibold ${outcome.ok ? 'text-emerald-700' : 'text-ruby'}`}
        >
          {outcome.text}
        </p>
      ) : (
        <p className="text-sm text-ink/80">{t('confirmText', { price: formatCount(item.price), title: item.title })}</p>
      )}
    </ResponsiveDialog>
  );
}

function ShopItem({ item, balance, onRedeem }: { item: PointsShopEntry; balance: number; onRedeem: () => void }) {
  const t = useTranslations('points');
  const soldOut = item.left === 0;
  const limited = item.perPlayerLimit !== null && item.mine >= item.perPlayerLimit;
  const short = balance < item.price;
  return (
    <li className="flex flex-col rounded-2xl bg-white p-4 ring-1 ring-ink/10" data-testid="shop-item">
      <h3 className="text-lg font-black break-words">{item.title}</h3>
      <ul className="mt-1 text-sm text-ink/80">
        {item.items.map((entry) => (
          <li key={entry.itemId}>{formatItem(entry, entry.name ? { [entry.itemId]: entry.name } : {})}</li>
        ))}
      </ul>
      <p className="mt-2 text-xl font-black text-royal">{t('price', { points: formatCount(item.price) })}</p>
      <p className="flex flex-wrap gap-x-3 text-xs text-ink/60">
        {item.left !== null && <span>{soldOut ? t('soldOut') : t('left', { left: formatCount(item.left) })}</span>}
        {item.perPlayerLimit !== null && <span>{t('limit', { mine: item.mine, limit: item.perPlayerLimit })}</span>}
      </p>
      <Button className="mt-3" disabled={soldOut || limited || short} onClick={onRedeem} data-testid="shop-redeem">
        {soldOut ? t('soldOut') : limited ? t('limitReached') : short ? t('notEnough') : t('redeem')}
      </Button>
    </li>
  );
}

function Shop({ userId }: { userId: string }) {
  const t = useTranslations('points');
  const shop = usePointsShop(userId);
  const summary = usePointsSummary(userId);
  const [chosen, setChosen] = useState<PointsShopEntry | null>(null);
  if (shop.isError || summary.isError) {
    return (
      <div className="text-center" role="alert">
        <p className="text-ink/70">{t('loadError')}</p>
        <Button className="mt-3" onClick={() => void Promise.all([shop.refetch(), summary.refetch()])}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (!shop.data || !summary.data) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-8 text-royal" />
      </div>
    );
  }
  const balance = summary.data.balance;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 ring-1 ring-ink/10">
        <p className="font-bold">
          {t('balance')}:{' '}
          <span className="text-royal" data-testid="shop-balance">
            {t('points', { points: formatCount(balance) })}
          </span>
        </p>
        <Link href="/points" className="font-semibold text-royal underline">
          {t('toPoints')}
        </Link>
      </div>
      {shop.data.items.length === 0 ? (
        <p className="text-center text-ink/70">{t('shopEmpty')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {shop.data.items.map((item) => (
            <ShopItem key={item.id} item={item} balance={balance} onRedeem={() => setChosen(item)} />
          ))}
        </ul>
      )}
      <p className="text-xs text-ink/60">{t('law')}</p>
      {chosen && <RedeemDialog item={chosen} onClose={() => setChosen(null)} />}
    </div>
  );
}

/** "Đổi điểm": the published rewards, each redeemed for points after a confirmation. */
export function PointsShop() {
  const t = useTranslations('points');
  const { user } = useSession();
  return (
    <LoginGate text={t('shopGate')}>
      {user ? (
        <Shop userId={user.id} />
      ) : (
        <div className="flex justify-center py-10">
          <Spinner className="size-8 text-royal" />
        </div>
      )}
    </LoginGate>
  );
}
