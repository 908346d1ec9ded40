'use client';

import type { GiftCodeDetail, GiftCodeSummary, GiftCodeUpdateBody } from '@carabala/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { ApiError, api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { ConfirmButton } from '../components/confirm-button';
import { CsvButton } from '../components/csv-button';
import { formatVietnamTimeSeconds } from '@/lib/format';
import { GiftCodeForm } from '../components/gift-code-form';
import { giftCodesKey, useGiftCode } from '../components/gift-code-queries';
import { GiftCodeStatusBadge } from '../components/gift-code-status';
import { DetailFrame } from '../components/detail-frame';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-ink/5 py-2 last:border-0 sm:flex-row sm:gap-3">
      <dt className="shrink-0 text-sm text-ink/70 sm:w-40">{label}</dt>
      <dd className="min-w-0 text-sm font-semibold break-words">{children}</dd>
    </div>
  );
}

/** The whole code again, as PUT wants it, with `active` switched. */
const withActive = (code: GiftCodeDetail, active: boolean): GiftCodeUpdateBody => ({
  id: code.id,
  code: code.code,
  name: code.name,
  rewards: code.rewards,
  maxUses: code.maxUses,
  startsAt: code.startsAt,
  expiresAt: code.expiresAt,
  newPlayerOnly: code.newPlayerOnly,
  allowedShortIds: code.allowedShortIds,
  active,
});

export function GiftCodeDetailPage({ id }: { id: string }) {
  const t = useTranslations('adminOps.giftCodes');
  const tOps = useTranslations('adminOps');
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const queryClient = useQueryClient();
  const query = useGiftCode(id);
  const save = useMutation({
    mutationFn: (body: GiftCodeUpdateBody) => api.put<GiftCodeSummary>(`/internal/gift-codes/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giftCodesKey }),
  });
  const setActive = (active: boolean) =>
    save
      .mutateAsync(withActive(query.data!, active))
      .then((saved) => toast.success(t(active ? 'activated' : 'deactivated', { code: saved.code })))
      .catch((error: unknown) => {
        toast.error(error instanceof ApiError ? error.message : tOps('failed'));
        throw error;
      });

  return (
    <DetailFrame query={query} back={{ href: '/admin/gift-codes', label: t('title') }} notFound={t('notFound')}>
      {(code) => (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="min-w-0 text-2xl font-black break-all">{t('detailTitle', { code: code.code })}</h1>
            <GiftCodeStatusBadge status={code.status} />
            <span className="flex-1" />
            {isAdmin &&
              (code.active ? (
                <ConfirmButton
                  label={t('deactivate')}
                  title={t('deactivateTitle')}
                  description={t('deactivateText', { code: code.code })}
                  pending={save.isPending}
                  onConfirm={() => setActive(false)}
                />
              ) : (
                <Button
                  variant="outline"
                  disabled={save.isPending}
                  onClick={() => setActive(true).catch(() => undefined)}
                >
                  {t('activate')}
                </Button>
              ))}
          </div>

          <section className="rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6">
            <dl>
              <Row label={t('name')}>{code.name}</Row>
              <Row label={t('rewards')}>
                <ul>
                  {code.rewards.map((reward) => (
                    <li key={reward.itemId}>
                      <span className="font-mono">{reward.itemId}</span> × {reward.quantity.toLocaleString('vi-VN')}
                    </li>
                  ))}
                </ul>
              </Row>
              <Row label={t('usage')}>
                {t('usageValue', { used: code.usesCount, max: code.maxUses ?? '∞' })}
                {code.maxUses === null && <span className="ml-2 font-normal text-ink/70">({t('unlimited')})</span>}
              </Row>
              <Row label={t('window')}>
                {!code.startsAt && !code.expiresAt && t('always')}
                {code.startsAt && (
                  <span className="block">{t('from', { date: formatVietnamTimeSeconds(code.startsAt) })}</span>
                )}
                {code.expiresAt && (
                  <span className="block">{t('until', { date: formatVietnamTimeSeconds(code.expiresAt) })}</span>
                )}
              </Row>
              {code.newPlayerOnly && <Row label={t('newPlayerOnly')}>✓</Row>}
              {code.allowedShortIds.length > 0 && (
                <Row label={t('restricted', { count: code.allowedShortIds.length })}>
                  <span className="font-mono">{code.allowedShortIds.join(', ')}</span>
                </Row>
              )}
              {code.batchId && (
                <Row label={t('batch')}>
                  <div className="flex flex-wrap items-center gap-2">
                    <Link href={`/admin/gift-codes?batchId=${code.batchId}`} className="text-royal hover:underline">
                      {t('viewBatch')}
                    </Link>
                    {isAdmin && <CsvButton batchId={code.batchId} />}
                  </div>
                </Row>
              )}
              <Row label={t('createdAt')}>{formatVietnamTimeSeconds(code.createdAt)}</Row>
              <Row label={t('updatedAt')}>{formatVietnamTimeSeconds(code.updatedAt)}</Row>
            </dl>
          </section>

          {isAdmin && (
            <section className="space-y-2">
              <h2 className="text-lg font-black">{t('edit')}</h2>
              <GiftCodeForm
                key={code.updatedAt}
                mode="edit"
                initial={code}
                onSubmit={async (body: GiftCodeUpdateBody) => {
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
                    <Link
                      href={`/admin/players?q=${encodeURIComponent(claim.shortId)}`}
                      className="font-semibold hover:underline"
                    >
                      {claim.displayName} <span className="font-mono text-royal">#{claim.shortId}</span>
                    </Link>
                    <span className="flex-1" />
                    <span className="text-ink/70">
                      {t('claimedAt')}: {formatVietnamTimeSeconds(claim.claimedAt)}
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
