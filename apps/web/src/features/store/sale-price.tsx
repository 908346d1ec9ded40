import type { PackSale } from '@carabala/contracts/catalogue';
import { useTranslations } from 'next-intl';
import { formatVnd } from '@/lib/format';
import { timeLeft } from './offer';

/** "Còn 2 ngày 03:14:05" to the end of a sale, ticking with the offer clock. */
function SaleCountdown({ until, now, className = '' }: { until: string; now: number; className?: string }) {
  const t = useTranslations('store');
  const { days, clock } = timeLeft(until, now);
  return (
    <p className={`font-bold text-ruby tabular-nums ${className}`} data-testid="sale-countdown" role="timer">
      {days > 0 ? t('saleEndsInDays', { days, clock }) : t('saleEndsIn', { clock })}
    </p>
  );
}

/**
 * A pack on sale: its usual price struck through, the sale price, and the time left. `large` in the
 * purchase dialog, small on a card.
 */
export function SalePrice({
  original,
  sale,
  now,
  large = false,
}: {
  original: number;
  sale: PackSale;
  now: number;
  large?: boolean;
}) {
  return (
    <div className={large ? 'flex flex-col items-center gap-1' : 'mt-auto flex flex-col'}>
      <p className={`flex items-baseline ${large ? 'gap-3' : 'flex-wrap gap-x-1.5'}`}>
        <s
          className={`text-ink/60 ${large ? 'text-lg' : 'text-[11px] md:text-xs'}`}
          data-testid={large ? 'preview-original-price' : 'pack-original-price'}
        >
          {formatVnd(original)}
        </s>
        <span
          className={`font-black text-ruby ${large ? 'text-2xl' : 'text-sm md:text-base'}`}
          data-testid={large ? 'preview-price' : 'pack-sale-price'}
        >
          {formatVnd(sale.price)}
        </span>
      </p>
      <SaleCountdown until={sale.endsAt} now={now} className={large ? 'text-sm' : 'text-[10px] md:text-xs'} />
    </div>
  );
}
