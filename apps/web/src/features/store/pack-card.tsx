import type { PackLimits, StorePromotion } from '@carabala/contracts';
import type { Pack, PurchaseLimit } from '@carabala/contracts/catalogue';
import { formatVnd } from '@/lib/format';
import Image from 'next/image';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { artOf } from './drawn-art';
import { runningSale } from './offer';
import { BonusBadge } from './bonus-badge';
import { SalePrice } from './sale-price';

type Remaining = PackLimits[number];

/** "Mỗi ngày 1 lần", "Còn 1/1 hôm nay" (the signed-in receiver's count, when it is known). */
function useLimitLabel() {
  const t = useTranslations('store');
  return (limit: PurchaseLimit, remaining: Remaining | undefined) =>
    remaining
      ? t(`remaining.${remaining.kind}`, {
          left: Math.max(0, remaining.count - remaining.used),
          count: remaining.count,
        })
      : t(`limit.${limit.kind}`, { count: limit.count ?? 1 });
}

/**
 * A pack's card: art with the sale's and the promotions' badges (as the purchase dialog tells them),
 * title, price (struck through with the sale price and a countdown during a sale), limit.
 */
export function PackCard({
  pack,
  tab,
  now,
  remaining,
  promotions = [],
}: {
  pack: Pack;
  tab: string;
  /** The moment offers are judged at (useOfferClock). */
  now: number;
  remaining?: Remaining;
  /** The promotions running now (read after load: the page is cached for everyone). */
  promotions?: StorePromotion[];
}) {
  const t = useTranslations('store');
  const limitLabel = useLimitLabel();
  const sale = runningSale(pack, now);
  const limit = pack.limit ? limitLabel(pack.limit, remaining) : pack.isSelect ? t('selectable') : null;
  return (
    <Link
      href={`/store?tab=${tab}&productId=${pack.id}`}
      scroll={false}
      data-testid={`pack-${pack.id}`}
      className="group flex flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-ink/10 transition hover:-translate-y-0.5 hover:shadow-lg hover:ring-gold"
    >
      <div className="relative aspect-square">
        <Image src={artOf(pack, 'thumbnail')} alt="" fill unoptimized className="object-cover" />
        {/* Over the art's top, where the drawn art's amount is not: the sale's, then the promotion's. */}
        <div className="absolute top-1 left-1 flex max-w-[calc(100%-0.5rem)] flex-col items-start gap-1">
          {sale && (
            <span
              data-testid="pack-sale-badge"
              className="rounded-full bg-ruby px-2 py-0.5 text-[10px] font-black text-white shadow md:text-xs"
            >
              -{Math.round((1 - sale.price / pack.price) * 100)}%
            </span>
          )}
          <BonusBadge pack={pack} promotions={promotions} now={now} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-2 md:p-3">
        {/* Under the art, not over it: on a 3-column phone grid the badge would wrap across the picture. */}
        {limit && (
          <span
            data-testid="pack-limit"
            className="self-start rounded-full bg-ink px-2 py-0.5 text-[10px] leading-tight font-bold text-gold md:text-xs"
          >
            {limit}
          </span>
        )}
        <h3 className="line-clamp-2 text-xs leading-snug font-bold md:text-sm">{pack.title}</h3>
        {sale ? (
          <SalePrice original={pack.price} sale={sale} now={now} />
        ) : (
          <p className="mt-auto text-sm font-black text-ruby md:text-base">
            {pack.isSelect ? t('fromPrice', { price: formatVnd(pack.price) }) : formatVnd(pack.price)}
          </p>
        )}
      </div>
    </Link>
  );
}
