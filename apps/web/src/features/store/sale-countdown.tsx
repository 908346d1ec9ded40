import { useTranslations } from 'next-intl';
import { timeLeft } from './offer';

/** "Còn 2 ngày 03:14:05" to the end of a sale, ticking with the offer clock. */
export function SaleCountdown({ until, now, className = '' }: { until: string; now: number; className?: string }) {
  const t = useTranslations('store');
  const { days, clock } = timeLeft(until, now);
  return (
    <p className={`font-bold text-ruby tabular-nums ${className}`} data-testid="sale-countdown" role="timer">
      {days > 0 ? t('saleEndsInDays', { days, clock }) : t('saleEndsIn', { clock })}
    </p>
  );
}
