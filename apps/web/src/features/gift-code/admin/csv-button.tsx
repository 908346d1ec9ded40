'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { buttonClass } from '@/components/ui/button';
import { messageOf } from '@/lib/api-client';
import { downloadBatchCsv } from '../api/staff';

/** Downloads a batch of gift codes as CSV (admin only; the export is audited). */
export function CsvButton({ batchId }: { batchId: string }) {
  const t = useTranslations('adminOps');
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        try {
          const filename = await downloadBatchCsv(batchId);
          toast.success(t('giftCodes.downloaded', { filename }));
        } catch (error) {
          toast.error(messageOf(error, t('failed')));
        } finally {
          setPending(false);
        }
      }}
      className={buttonClass('outline', 'px-4 py-1.5')}
    >
      {t('giftCodes.downloadCsv')}
    </button>
  );
}
