'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatConsoleTime } from '@/lib/format';
import { useMySessions } from './api/staff';

/**
 * "Đăng nhập từ thiết bị mới: … lúc …": the staff sign-ins from a new device since this device's
 * previous sign-in, shown atop the console until dismissed.
 */
export function NewDeviceNotice() {
  const t = useTranslations('admin.sessions');
  const { data } = useMySessions();
  const [dismissed, setDismissed] = useState(false);
  const notices = data?.newDeviceSignIns ?? [];
  if (dismissed || notices.length === 0) return null;
  return (
    <section role="status" className="mb-4 rounded-2xl bg-gold/20 p-4 text-sm text-gold-ink ring-1 ring-gold/40">
      <ul className="space-y-1">
        {notices.map((notice) => (
          <li key={notice.at}>
            {t('newDevice', {
              device: notice.device,
              address: notice.address ?? t('unknownAddress'),
              time: formatConsoleTime(notice.at),
            })}
          </li>
        ))}
      </ul>
      <p className="mt-2">{t('newDeviceHint')}</p>
      <button type="button" onClick={() => setDismissed(true)} className="mt-2 font-bold underline">
        {t('dismiss')}
      </button>
    </section>
  );
}
