'use client';

import type { MyVip, PublicVipTier } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { LoginDialog } from '@/components/sign-in-slot';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth';
import { formatItems, formatVnd } from '@/lib/format';
import { useItemNames } from '@/lib/item-names';
import { useMounted } from '@/lib/use-mounted';
import { useMyVip, useVipTiers } from './api/vip';

/** A tier's perks, one line each: the bonus, the tier-only packs, the monthly gift. */
function Perks({ tier }: { tier: PublicVipTier }) {
  const t = useTranslations('vip');
  const names = useItemNames();
  const lines = [
    tier.bonusPercent > 0 && t('perks.bonus', { percent: tier.bonusPercent }),
    tier.packIds.length > 0 && t('perks.packs', { count: tier.packIds.length }),
    tier.giftItems.length > 0 && t('perks.gift', { items: formatItems(tier.giftItems, names) }),
  ].filter((line): line is string => Boolean(line));
  if (lines.length === 0) return <p className="text-sm text-ink/60">{t('perks.none')}</p>;
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** The signed-in player's card: their tier, its perks and the progress to the next tier in đồng. */
function MyStanding({ standing }: { standing: MyVip }) {
  const t = useTranslations('vip');
  const { tier, next } = standing;
  const percent = next ? Math.min(100, Math.floor((next.paid / next.tier.threshold) * 100)) : 100;
  return (
    <section className="space-y-4 rounded-3xl bg-white p-5 shadow-lg ring-1 ring-ink/10 md:p-6" data-testid="vip-mine">
      <div>
        <p className="text-xs font-bold text-royal uppercase">{t('mine.current')}</p>
        <p className="text-2xl font-extrabold text-ink" data-testid="vip-current-tier">
          {tier ? tier.title : t('mine.noTier')}
        </p>
        {standing.kept && <p className="mt-1 text-sm text-ink/70">{t('mine.kept')}</p>}
      </div>
      {tier && <Perks tier={tier} />}
      {next ? (
        <div className="space-y-2">
          <p className="text-sm font-semibold">
            {t('mine.toNext', { tier: next.tier.title, remaining: formatVnd(next.remaining) })}
          </p>
          <div
            className="h-3 overflow-hidden rounded-full bg-ink/10"
            role="progressbar"
            aria-label={t('mine.progressLabel', { tier: next.tier.title })}
            aria-valuemin={0}
            aria-valuemax={next.tier.threshold}
            aria-valuenow={Math.min(next.paid, next.tier.threshold)}
          >
            <div
              className="h-full rounded-full bg-gradient-to-r from-gold to-gold-deep"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-xs text-ink/70">
            {t('mine.paidInWindow', {
              paid: formatVnd(next.paid),
              threshold: formatVnd(next.tier.threshold),
              days: next.tier.windowDays,
            })}
          </p>
        </div>
      ) : (
        tier && <p className="text-sm font-semibold text-leaf">{t('mine.top')}</p>
      )}
    </section>
  );
}

/** The published tiers: threshold, window and perks; the player's own tier marked. */
function TierTable({ tiers, current }: { tiers: PublicVipTier[]; current: number | null }) {
  const t = useTranslations('vip');
  if (tiers.length === 0) return <p className="text-center text-ink/70">{t('table.empty')}</p>;
  return (
    <section className="space-y-3" aria-labelledby="vip-table-title">
      <h2 id="vip-table-title" className="text-lg font-extrabold text-ink">
        {t('table.title')}
      </h2>
      <ol className="grid gap-3 md:grid-cols-2">
        {tiers.map((tier) => (
          <li
            key={tier.id}
            className={`space-y-2 rounded-2xl bg-white p-4 ring-1 ${tier.id === current ? 'ring-2 ring-gold' : 'ring-ink/10'}`}
          >
            <p className="flex items-baseline justify-between gap-2">
              <span className="font-extrabold">{tier.title}</span>
              {tier.id === current && <span className="text-xs font-bold text-gold-deep">{t('table.yours')}</span>}
            </p>
            <p className="text-sm text-ink/80">
              {t('table.threshold', { threshold: formatVnd(tier.threshold), days: tier.windowDays })}
            </p>
            <Perks tier={tier} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function SignedOut({ button }: { button: ReactNode }) {
  const t = useTranslations('vip');
  return (
    <section className="space-y-3 rounded-3xl bg-white p-5 text-center shadow-lg ring-1 ring-ink/10">
      <p className="font-bold text-ink">{t('signedOut')}</p>
      {button}
    </section>
  );
}

/** "Thành viên VIP": the player's tier and progress when signed in, the tier table for everyone. */
export function VipPage() {
  const t = useTranslations('vip');
  const mounted = useMounted();
  const { user, isLoading } = useSession();
  const tiers = useVipTiers();
  const mine = useMyVip(user?.id ?? null);
  const signIn = (open?: () => void, tabIndex?: number) => (
    <Button onClick={open} tabIndex={tabIndex} className="w-full py-3 text-base md:w-auto md:px-10">
      {t('login')}
    </Button>
  );
  let top: ReactNode;
  if (!mounted || isLoading) top = null;
  else if (!user?.id) top = <SignedOut button={<LoginDialog trigger={signIn} />} />;
  else if (mine.data) top = <MyStanding standing={mine.data} />;
  else if (mine.isError)
    top = (
      <p role="alert" className="text-center text-ruby">
        {t('loadFailed')}
      </p>
    );
  else
    top = (
      <div className="flex justify-center py-6">
        <Spinner className="size-8 text-royal" />
      </div>
    );
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      {top}
      {tiers.data ? (
        <TierTable tiers={tiers.data} current={mine.data?.tier?.id ?? null} />
      ) : tiers.isError ? (
        <p role="alert" className="text-center text-ruby">
          {t('loadFailed')}
        </p>
      ) : (
        <div className="flex justify-center py-6">
          <Spinner className="size-8 text-royal" />
        </div>
      )}
      <p className="text-center text-xs text-ink/60">{t('law')}</p>
    </div>
  );
}
