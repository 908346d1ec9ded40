import type { Pack } from '@carabala/contracts/catalogue';
import { formatVnd } from '@/lib/format';
import Image from 'next/image';
import Link from 'next/link';
import { useTranslations } from 'next-intl';

export function PackCard({ pack, tab }: { pack: Pack; tab: string }) {
  const t = useTranslations('store');
  const limit = pack.limit
    ? pack.limit.kind === 'daily'
      ? t('limitDaily')
      : t('limitMonthly')
    : pack.isSelect
      ? t('selectable')
      : null;
  return (
    <Link
      href={`/store?tab=${tab}&productId=${pack.id}`}
      scroll={false}
      data-testid={`pack-${pack.id}`}
      className="group flex flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-ink/10 transition hover:-translate-y-0.5 hover:shadow-lg hover:ring-gold"
    >
      <div className="relative aspect-square">
        <Image src={pack.thumbnails[0]!} alt="" fill unoptimized className="object-cover" />
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
        <p className="mt-auto text-sm font-black text-ruby md:text-base">
          {pack.isSelect ? t('fromPrice', { price: formatVnd(pack.price) }) : formatVnd(pack.price)}
        </p>
      </div>
    </Link>
  );
}
