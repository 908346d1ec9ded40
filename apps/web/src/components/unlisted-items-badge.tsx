'use client';

import { useTranslations } from 'next-intl';
import { unlistedItemNames, useGameItems } from '@/lib/game-items';
import { badgeTones } from './badge';

/**
 * "Vật phẩm không còn trong trò chơi: …": the flag on a pack, an option or a gift code naming an item
 * the game no longer lists (players still receive what it names; staff should change it). Nothing
 * when every item is listed, or while the copy is read.
 */
export function UnlistedItemsBadge({ itemIds }: { itemIds: readonly string[] }) {
  const t = useTranslations('admin.itemRows');
  const copy = useGameItems().data?.items;
  const names = unlistedItemNames(itemIds, copy);
  if (names.length === 0) return null;
  return (
    // A badge that wraps: the names may be long.
    <span
      data-testid="unlisted-items"
      className={`inline-block w-fit rounded-2xl px-2.5 py-0.5 text-xs font-bold ${badgeTones.bad}`}
    >
      {t('unlistedBadge', { names: names.join(', ') })}
    </span>
  );
}
