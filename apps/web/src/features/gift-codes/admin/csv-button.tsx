'use client';

import { useTranslations } from 'next-intl';
import { ExportButton } from '@/components/export-button';
import { buttonClass } from '@/components/ui/button';
import { downloadBatchCsv } from '../api/staff';

/** Downloads a batch of gift codes as CSV (admin only; the export is audited). */
export function CsvButton({ batchId }: { batchId: string }) {
  const t = useTranslations('adminOps');
  return (
    <ExportButton
      download={() => downloadBatchCsv(batchId)}
      done={(filename) => t('giftCodes.downloaded', { filename })}
      failed={t('failed')}
      className={buttonClass('outline', 'px-4 py-1.5')}
    >
      {t('giftCodes.downloadCsv')}
    </ExportButton>
  );
}
