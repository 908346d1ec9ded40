'use client';

import type { GiftCodeDetail, GiftCodeUpdateBody } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import toast from 'react-hot-toast';
import { ConfirmButton } from '@/components/confirm-button';
import { DetailFrame } from '@/components/detail-frame';
import { CharacterLine } from '@/components/character-picker';
import { PlayerLink } from '@/components/player-link';
import { InfoRow } from '@/components/info-row';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/lib/api-client';
import { formatItem, formatConsoleTime } from '@/lib/format';
import { useGiftCode, useUpdateGiftCode } from '../api/staff';
import { CsvButton } from './csv-button';
import { StaffGiftCodeForm } from './staff-gift-code-form';
import { GiftCodeStatusBadge } from './status-badge';
import { useCan } from '@/lib/permissions';
import { useItemNames } from '@/lib/item-names';
import { UnlistedItemsBadge } from '@/components/unlisted-items-badge';

/**
 * The whole code again, as PUT wants it, with `active` switched. A stored reward the catalogue no
 * longer lists is sent as it is: the API keeps an item the code already had.
 */
const withActive = (code: GiftCodeDetail, active: boolean): GiftCodeUpdateBody => ({
  id: code.id,
  code: code.code,
  name: code.name,
  rewards: code.rewards as GiftCodeUpdateBody['rewards'],
  maxUses: code.maxUses,
  startsAt: code.startsAt,
  expiresAt: code.expiresAt,
  newPlayerOnly: code.newPlayerOnly,
  allowedShortIds: code.allowedShortIds,
  active,
});

export function GiftCodeDetailPage({ id }: { id: string }) {
  const t = useTranslations('adminOps.giftCodes');
  const names = useItemNames();
  const tOps = useTranslations('adminOps');
  const canWrite = useCan()('gift-codes.write');
  const query = useGiftCode(id);
  const save = useUpdateGiftCode(id);

  return (
    <DetailFrame query={query} back={{ href: '/admin/gift-codes', label: t('title') }} notFound={t('notFound')}>
      {(code) => (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="min-w-0 text-2xl font-black break-all">{t('detailTitle', { code: code.code })}</h1>
            <GiftCodeStatusBadge status={code.status} />
            <span className="flex-1" />
            {canWrite &&
              (code.active ? (
                <ConfirmButton
                  label={t('deactivate')}
                  title={t('deactivateTitle')}
                  description={t('deactivateText', { code: code.code })}
                  pending={save.isPending}
                  onConfirm={() => save.mutateAsync(withActive(code, false))}
                  done={(saved) => t('deactivated', { code: saved.code })}
                  failed={tOps('failed')}
                />
              ) : (
                <Button
                  variant="outline"
                  disabled={save.isPending}
                  onClick={() =>
                    save.mutate(withActive(code, true), {
                      onSuccess: (saved) => toast.success(t('activated', { code: saved.code })),
                      onError: (error) => toast.error(messageOf(error, tOps('failed'))),
                    })
                  }
                >
                  {t('activate')}
                </Button>
              ))}
          </div>

          <section className="rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6">
            <dl>
              <InfoRow layout="stacked" label={t('name')}>
                {code.name}
              </InfoRow>
              <InfoRow layout="stacked" label={t('rewards')}>
                <ul>
                  {code.rewards.map((reward, index) => (
                    <li key={`${reward.itemId}-${index}`}>{formatItem(reward, names)}</li>
                  ))}
                </ul>
                <UnlistedItemsBadge itemIds={code.rewards.map((reward) => reward.itemId)} />
              </InfoRow>
              <InfoRow layout="stacked" label={t('usage')}>
                {t('usageValue', { used: code.usesCount, max: code.maxUses ?? '∞' })}
                {code.maxUses === null && <span className="ml-2 font-normal text-ink/70">({t('unlimited')})</span>}
              </InfoRow>
              <InfoRow layout="stacked" label={t('window')}>
                {!code.startsAt && !code.expiresAt && t('always')}
                {code.startsAt && (
                  <span className="block">{t('from', { date: formatConsoleTime(code.startsAt) })}</span>
                )}
                {code.expiresAt && (
                  <span className="block">{t('until', { date: formatConsoleTime(code.expiresAt) })}</span>
                )}
              </InfoRow>
              {code.newPlayerOnly && (
                <InfoRow layout="stacked" label={t('newPlayerOnly')}>
                  ✓
                </InfoRow>
              )}
              {code.allowedShortIds.length > 0 && (
                <InfoRow layout="stacked" label={t('restricted', { count: code.allowedShortIds.length })}>
                  <span className="font-mono">{code.allowedShortIds.join(', ')}</span>
                </InfoRow>
              )}
              {code.batchId && (
                <InfoRow layout="stacked" label={t('batch')}>
                  <div className="flex flex-wrap items-center gap-2">
                    <Link href={`/admin/gift-codes?batchId=${code.batchId}`} className="text-royal hover:underline">
                      {t('viewBatch')}
                    </Link>
                    {canWrite && <CsvButton batchId={code.batchId} />}
                  </div>
                </InfoRow>
              )}
              <InfoRow layout="stacked" label={t('createdAt')}>
                {formatConsoleTime(code.createdAt)}
              </InfoRow>
              <InfoRow layout="stacked" label={t('updatedAt')}>
                {formatConsoleTime(code.updatedAt)}
              </InfoRow>
            </dl>
          </section>

          {canWrite && (
            <section className="space-y-2">
              <h2 className="text-lg font-black">{t('edit')}</h2>
              <StaffGiftCodeForm
                key={code.updatedAt}
                mode="edit"
                initial={code}
                onSubmit={async (body) => {
                  const saved = await save.mutateAsync(body);
                  toast.success(t('saved', { code: saved.code }));
                }}
              />
            </section>
          )}

          <section className="rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6">
            <h2 className="text-lg font-black">{t('claims', { count: code.claims.length })}</h2>
            {code.claims.length === 0 ? (
              <p className="mt-2 text-sm text-ink/70">{t('noClaims')}</p>
            ) : (
              <ul className="mt-2 divide-y divide-ink/5" data-testid="gift-code-claims">
                {code.claims.map((claim) => (
                  <li key={claim.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                    <span className="font-semibold">
                      <PlayerLink
                        player={{ id: claim.userId, shortId: claim.shortId, displayName: claim.displayName }}
                      />
                    </span>
                    <CharacterLine character={claim.character} className="text-ink/70" as="span" />
                    <span className="flex-1" />
                    <span className="text-ink/70">
                      {t('claimedAt')}: {formatConsoleTime(claim.claimedAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </DetailFrame>
  );
}
