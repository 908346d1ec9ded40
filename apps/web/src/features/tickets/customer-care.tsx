import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';
import { publicConfig } from '@/config';

/** The customer-care card beside the ticket form. */
export async function CustomerCare() {
  const t = await getTranslations('tickets');
  return (
    <aside className="space-y-4 rounded-3xl bg-ink p-6 text-white shadow-lg">
      <h2 className="text-xl font-black text-gold">{t('careTitle')}</h2>
      <ul className="space-y-2 text-sm text-white/85">
        <li>{t('careHours')}</li>
        <li>{t('careResponse')}</li>
        <li>{t('careTips')}</li>
      </ul>
      <div className="flex flex-col gap-3">
        <Link href="/supports/my-tickets" className={buttonClass('primary')}>
          {t('careMyTickets')}
        </Link>
        <a
          href={publicConfig.supportUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('secondary')}
        >
          {t('careFanpage')}
        </a>
      </div>
    </aside>
  );
}
