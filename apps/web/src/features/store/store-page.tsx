'use client';

import type { PackLimits, StorePromotion } from '@carabala/contracts';
import { ALL_TABS, storeTabs, type Pack, type StoreTab } from '@carabala/contracts/catalogue';
import { matchesSearch } from '@carabala/contracts/labels';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useSession } from '@/lib/auth';
import { useMounted } from '@/lib/use-mounted';
import { usePackLimits, useRunningPromotions } from './api/overlay';
import { hasTimedOffers, stillShown, useOfferClock } from './offer';
import { PackCard } from './pack-card';

// Loaded when a pack is chosen, with its form library, schemas and QR code maker.
const PurchaseDialog = dynamic(() => import('./purchase-dialog').then((module) => module.PurchaseDialog), {
  ssr: false,
});

interface GridProps {
  packs: Pack[];
  tab: string;
  currency: boolean;
  now: number;
  limits: PackLimits | undefined;
  promotions: StorePromotion[] | undefined;
}

function PackGrid({ packs, tab, currency, now, limits, promotions }: GridProps) {
  return (
    <div
      className={`grid grid-cols-3 gap-2 md:gap-4 ${currency ? 'md:grid-cols-6' : 'md:grid-cols-5'}`}
      data-testid="pack-grid"
    >
      {packs.map((pack) => (
        <PackCard
          key={pack.id}
          pack={pack}
          tab={tab}
          now={now}
          remaining={limits?.find((entry) => entry.productId === pack.id)}
          promotions={promotions}
        />
      ))}
    </div>
  );
}

/** The card a product id opens: the pack itself, or the selectable pack holding that option. */
const packOfProduct = (packs: Pack[], productId: number) =>
  packs.find((pack) => pack.id === productId) ??
  packs.find((pack) => pack.options?.some((option) => option.id === productId));

type Tab = StoreTab | typeof ALL_TABS;

/**
 * The tab strip, scrolled sideways so that the selected tab is in its middle: at 375 px "Tiền tệ" and
 * "Tất cả" sit past the right edge. Only the strip scrolls, never the page.
 */
function TabStrip({ tab }: { tab: Tab }) {
  const t = useTranslations('store');
  const strip = useRef<HTMLElement>(null);
  useEffect(() => {
    const nav = strip.current;
    const selected = nav?.querySelector('[aria-current="page"]');
    if (!nav || !selected) return;
    const [outer, inner] = [nav.getBoundingClientRect(), selected.getBoundingClientRect()];
    nav.scrollLeft += inner.left - outer.left - (outer.width - inner.width) / 2;
  }, [tab]);
  return (
    <nav ref={strip} aria-label={t('tabsLabel')} className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
      <ul className="flex w-max gap-2">
        {[...storeTabs, ALL_TABS].map((value) => (
          <li key={value}>
            {/* Client navigation to the tab's own address: the page is not loaded again. */}
            <Link
              href={`/store?tab=${value}`}
              scroll={false}
              aria-current={value === tab ? 'page' : undefined}
              className={`block rounded-full px-4 py-2 text-sm font-bold whitespace-nowrap transition ${value === tab ? 'bg-royal text-white shadow' : 'bg-white text-ink ring-1 ring-ink/10 hover:ring-royal'}`}
            >
              {t(`tabs.${value}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The purchase dialog, driven by the address (?productId, &transactionId, &shortId). It reads the
 * query in the browser, inside its own Suspense boundary: the rest of the page stays in the HTML.
 */
function StoreDialog({ tab, packs }: { tab: Tab; packs: Pack[] }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const urlProductId = Number(params.get('productId') ?? 0);
  const dialogPack = urlProductId ? packOfProduct(packs, urlProductId) : undefined;
  if (!dialogPack) return null;
  return (
    <PurchaseDialog
      key={dialogPack.id}
      pack={dialogPack}
      urlProductId={urlProductId}
      initialShortId={params.get('shortId')}
      transactionId={params.get('transactionId')}
      onClose={() => router.push(`${pathname}?tab=${tab}`, { scroll: false })}
      onCreated={(id) =>
        router.replace(`${pathname}?tab=${tab}&productId=${urlProductId}&transactionId=${id}`, { scroll: false })
      }
    />
  );
}

/**
 * /store?tab=T: tabs, diacritic-insensitive search, pack grids and the purchase dialog driven by the
 * URL. `packs` are the catalogue's packs on sale when the page was rendered (`renderedAt`); a pack
 * whose window closes while the page is open leaves it, and sales start and end on the browser's clock
 * (moved by `clockShift` in the console's preview of a chosen moment, which also hands in the
 * promotions running then: `promotionsAt`).
 */
export function StorePage({
  tab,
  packs,
  renderedAt,
  clockShift = 0,
  promotionsAt,
}: {
  tab: Tab;
  packs: Pack[];
  renderedAt: number;
  clockShift?: number;
  promotionsAt?: StorePromotion[];
}) {
  const t = useTranslations('store');
  const mounted = useMounted();
  const { isSignedIn, user } = useSession();
  const [search, setSearch] = useState('');
  const now = useOfferClock(renderedAt, hasTimedOffers(packs), clockShift);
  // A limited pack's count left for the signed-in receiver: read after load, the page is the same for everyone.
  const { data: limits } = usePackLimits(mounted && user ? user.id : null);
  // The bonuses the cards show, as the dialog tells them: read after load too.
  const { data: running } = useRunningPromotions(mounted && !promotionsAt);
  const shown = packs.filter((pack) => stillShown(pack, now));
  const grid = { tab, now, limits, promotions: promotionsAt ?? running?.promotions };

  const query = search.trim();
  const results = query ? shown.filter((pack) => matchesSearch(pack.title, query)) : [];
  const groups = tab === ALL_TABS ? storeTabs : [tab];

  return (
    <div className="flex flex-col gap-6">
      {/* Tabs on their own row: beside the search, the last tab was cut at 1280 px when signed in. */}
      <div className="flex flex-col gap-3">
        <TabStrip tab={tab} />
        <div className="flex flex-wrap items-center gap-3">
          <input
            type="search"
            aria-label={t('searchLabel')}
            placeholder={t('searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="min-w-56 flex-1 rounded-full border-2 border-ink/15 bg-white px-4 py-2 outline-none focus:border-royal md:max-w-80"
          />
          {/* For everyone: a guest's way back to an order (first: the history link a session adds comes after it, moving nothing). */}
          <Link href="/store/lookup" className="shrink-0 text-sm font-bold text-royal underline">
            {t('lookupLink')}
          </Link>
          {mounted && isSignedIn && (
            <Link href="/store/history" className="shrink-0 text-sm font-bold text-royal underline">
              {t('historyLink')}
            </Link>
          )}
        </div>
      </div>

      {query ? (
        <section aria-labelledby="search-results">
          <h2 id="search-results" className="mb-3 text-xl font-black">
            {t('searchResults')}
          </h2>
          {results.length ? (
            <PackGrid packs={results} currency={false} {...grid} />
          ) : (
            <p className="text-ink/70">{t('noResults')}</p>
          )}
        </section>
      ) : (
        groups.map((group) => (
          <section key={group} aria-labelledby={`group-${group}`}>
            <h2 id={`group-${group}`} className="mb-3 text-xl font-black">
              {t(`tabs.${group}`)}
            </h2>
            <PackGrid packs={shown.filter((pack) => pack.tab === group)} currency={group === 'tien-te'} {...grid} />
          </section>
        ))
      )}

      {mounted && (
        <Suspense>
          <StoreDialog tab={tab} packs={packs} />
        </Suspense>
      )}
    </div>
  );
}
