'use client';

import { pointsAdjustmentBodySchema, type PointsAdjustmentBody } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmButton } from '@/components/confirm-button';
import { InputField } from '@/components/form/fields';
import { confirmForm, fieldsOf, schemaResolver } from '@/components/form/schema-form';
import { SearchBar } from '@/components/search-bar';
import { Spinner } from '@/components/ui/spinner';
import { messageOf } from '@/lib/api-client';
import { formatConsoleTime, formatCount } from '@/lib/format';
import { useAdjust, usePlayerPoints } from './api';

type Values = { points: string; reason: string };

function AdjustForm({ shortId }: { shortId: string }) {
  const t = useTranslations('admin.points');
  const adjust = useAdjust();
  const form = useForm<Values, unknown, PointsAdjustmentBody>({
    resolver: schemaResolver(pointsAdjustmentBodySchema, (values: Values) => ({
      shortId,
      points: values.points.trim() === '' ? undefined : Number(values.points),
      reason: values.reason,
    })),
    defaultValues: { points: '', reason: '' },
  });
  const field = fieldsOf(form, 'points-adjust', (name) => t(`adjust.${name}`));
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
      <InputField {...field('points')} inputMode="numeric" hint={t('adjust.pointsHint')} />
      <InputField {...field('reason')} />
      <div className="sm:pt-6">
        <ConfirmButton
          label={t('adjust.submit')}
          variant="primary"
          title={t('adjust.confirmTitle')}
          description={t('adjust.confirmText', { shortId })}
          onConfirm={confirmForm(form, (body) => adjust.mutateAsync(body))}
          done={() => t('adjust.done')}
          failed={t('failed')}
          pending={adjust.isPending}
        />
      </div>
    </div>
  );
}

/** A player's points (by User ID): the balance, the latest lines, and an adjustment with a reason. */
export function AdjustCard({ initial }: { initial: string }) {
  const t = useTranslations('admin.points');
  const [shortId, setShortId] = useState(initial);
  const player = usePlayerPoints(shortId);
  return (
    <section className="rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6" data-testid="points-adjust">
      <h2 className="text-lg font-black">{t('adjust.title')}</h2>
      <p className="mt-1 text-sm text-ink/70">{t('adjust.intro')}</p>
      <div className="mt-3">
        <SearchBar value={shortId} placeholder={t('adjust.shortId')} onSearch={(value) => setShortId(value)} />
      </div>
      {player.isFetching && <Spinner className="mt-3 size-6" />}
      {player.isError && <p className="mt-3 text-ruby">{messageOf(player.error, t('failed'))}</p>}
      {player.data && (
        <div className="mt-3">
          <p className="font-bold">
            {t('adjust.player', {
              name: player.data.player.displayName,
              shortId: player.data.player.shortId,
              balance: formatCount(player.data.balance),
            })}
          </p>
          <AdjustForm key={player.data.player.shortId} shortId={player.data.player.shortId} />
          <ul className="mt-3 space-y-1 text-sm">
            {player.data.entries.slice(0, 10).map((entry) => (
              <li key={entry.id} className="flex flex-wrap gap-x-3">
                <span className="text-ink/60">{formatConsoleTime(entry.createdAt)}</span>
                <span className="font-semibold">{t(`kinds.${entry.kind}`)}</span>
                <span className={entry.points >= 0 ? 'text-emerald-700' : 'text-ruby-ink'}>
                  {entry.points > 0 ? '+' : '−'}
                  {formatCount(Math.abs(entry.points))}
                </span>
                {entry.about && <span className="break-words text-ink/80">{entry.about}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
