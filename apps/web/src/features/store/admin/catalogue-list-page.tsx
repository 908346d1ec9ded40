'use client';

import type { StaffPack } from '@carabala/contracts';
import { storeTabs } from '@carabala/contracts/catalogue';
import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/badge';
import { PreviewLink } from '@/components/preview-shell';
import { formatConsoleTime, formatVnd } from '@/lib/format';
import { artOf } from '../drawn-art';
import { packRecords } from './api';
import type { Listed } from './draft-api';
import { DraftListPage } from './draft-list';
import { UnlistedItemsBadge } from '@/components/unlisted-items-badge';

/** "20:00 26/11/2026 → 23:59 30/11/2026": a window in Vietnam time, either end open. */
function windowText(from: string | null, until: string | null, always: string) {
  if (!from && !until) return always;
  return `${from ? formatConsoleTime(from) : '…'} → ${until ? formatConsoleTime(until) : '…'}`;
}

/** Every item a pack names, in its draft and as published (its own and its options'). */
const packItemIds = (...contents: (StaffPack['draft'] | null)[]) =>
  contents.flatMap((content) =>
    content
      ? [...content.items, ...(content.options ?? []).flatMap((option) => option.items)].map((item) => item.itemId)
      : [],
  );

/** The store's packs for staff: search ignoring diacritics, filter by tab and state, create one. */
export function CatalogueListPage() {
  const t = useTranslations('admin.catalogue');
  const tStore = useTranslations('store');
  const tabs = storeTabs.map((tab) => ({ value: tab, label: tStore(`tabs.${tab}`) }));
  return (
    <DraftListPage<Listed<StaffPack>>
      section="catalogue"
      records={packRecords}
      group={{ name: 'tab', options: tabs }}
      rowTestId="catalogue-row"
      actions={<PreviewLink view="store" />}
      row={({ recordId, draft, published, state, hiddenAt }) => ({
        title: draft.title,
        state,
        flag: hiddenAt && <Badge tone="ruby">{t('hidden')}</Badge>,
        picture: (
          <Image
            src={artOf({ id: recordId, ...draft }, 'thumbnail')}
            alt=""
            width={48}
            height={48}
            unoptimized
            className="size-12 shrink-0 rounded-xl"
          />
        ),
        facts: (
          <>
            {tStore(`tabs.${draft.tab}`)} · {formatVnd(draft.price)}
            {draft.sale && ` · ${t('saleShort', { price: formatVnd(draft.sale.price) })}`} ·{' '}
            {windowText(draft.visibleFrom, draft.visibleUntil, t('always'))}
            <span className="mt-1 block">
              <UnlistedItemsBadge itemIds={packItemIds(draft, published)} />
            </span>
          </>
        ),
      })}
    />
  );
}
