'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCan } from '@/lib/permissions';
import { AdjustCard } from './adjust-card';
import { SettingsCard } from './settings-card';
import { ShopItems } from './shop-items';

/**
 * The console's "Điểm tích lũy": the settings and the shop (drafts published with step-up, audited), a
 * player's points and their adjustment (above the threshold it waits for a second admin). The figures are in
 * the analytics page.
 */
export function PointsConsole() {
  const t = useTranslations('admin.points');
  const allowed = useCan();
  const can = {
    write: allowed('catalogue.write'),
    adjust: allowed('orders.mark') && allowed('players.read'),
  };
  const player = useSearchParams().get('player') ?? '';
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-black">{t('title')}</h1>
        <p className="mt-1 text-sm text-ink/70">{t('intro')}</p>
      </div>
      {!can.write && !can.adjust && <p className="text-ink/70">{t('nothing')}</p>}
      {can.write && <SettingsCard />}
      {can.write && <ShopItems />}
      {can.adjust && <AdjustCard initial={player} />}
    </div>
  );
}
