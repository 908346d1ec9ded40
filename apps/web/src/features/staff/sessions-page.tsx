'use client';

import { useTranslations } from 'next-intl';
import { Badge } from '@/components/badge';
import { ConfirmButton } from '@/components/confirm-button';
import { Spinner } from '@/components/ui/spinner';
import { formatConsoleTime } from '@/lib/format';
import { useEndSession, useMySessions } from './api/staff';

/** "Phiên đăng nhập": the member's signed-in devices; any other one can be ended at once. */
export function SessionsPage() {
  const t = useTranslations('admin.sessions');
  const query = useMySessions();
  const end = useEndSession();

  return (
    <div>
      <h1 className="text-2xl font-black">{t('title')}</h1>
      <p className="mt-1 text-sm text-ink/70">{t('intro')}</p>
      {query.isPending && <Spinner className="mt-6 size-6" />}
      {query.isError && <p className="mt-4 text-ruby">{query.error.message}</p>}
      {query.data && (
        <ul className="mt-4 space-y-2">
          {query.data.sessions.map((session) => (
            <li
              key={session.id}
              data-testid="device-session"
              className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:flex-row md:items-center"
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-bold">
                  {session.device}
                  {session.current && <Badge tone="leaf">{t('thisDevice')}</Badge>}
                </p>
                <p className="text-sm text-ink/70">
                  {t('address', { address: session.address ?? t('unknownAddress') })} ·{' '}
                  {t('lastSeen', { time: formatConsoleTime(session.lastSeenAt) })} ·{' '}
                  {t('signedIn', { time: formatConsoleTime(session.createdAt) })}
                </p>
              </div>
              {!session.current && (
                <ConfirmButton
                  label={t('end')}
                  title={t('endTitle')}
                  description={t('endText', { device: session.device })}
                  pending={end.isPending}
                  onConfirm={() => end.mutateAsync(session.id)}
                  done={() => t('ended', { device: session.device })}
                  failed={t('failed')}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
