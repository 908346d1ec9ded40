'use client';

import type { GiftCodeBatchResult } from '@carabala/contracts';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { BackLink } from '@/components/back-link';
import { buttonClass } from '@/components/ui/button';
import { useCreateGiftCode, useCreateGiftCodeBatch } from '../api/staff';
import { CsvButton } from './csv-button';
import { StaffGiftCodeForm } from './staff-gift-code-form';
import { useCan } from '@/lib/permissions';

const PREVIEW_COUNT = 10;

function AdminOnly({ children }: { children: React.ReactNode }) {
  const t = useTranslations('adminOps.giftCodes');
  if (!useCan()('gift-codes.write')) {
    return <p className="rounded-2xl bg-white p-6 text-center text-ink/70 ring-1 ring-ink/10">{t('staffReadOnly')}</p>;
  }
  return <>{children}</>;
}

function BackToList() {
  const t = useTranslations('adminOps');
  return <BackLink href="/admin/gift-codes" label={t('giftCodes.title')} />;
}

export function GiftCodeNewPage() {
  const t = useTranslations('adminOps.giftCodes');
  const router = useRouter();
  const create = useCreateGiftCode();
  return (
    <div className="space-y-4">
      <BackToList />
      <h1 className="text-2xl font-black">{t('newTitle')}</h1>
      <AdminOnly>
        <StaffGiftCodeForm
          mode="create"
          onSubmit={async (body) => {
            const created = await create.mutateAsync(body);
            toast.success(t('created', { code: created.code }));
            router.push(`/admin/gift-codes/${created.id}`);
          }}
        />
      </AdminOnly>
    </div>
  );
}

export function GiftCodeBatchPage() {
  const t = useTranslations('adminOps.giftCodes');
  const generate = useCreateGiftCodeBatch();
  const [result, setResult] = useState<GiftCodeBatchResult | null>(null);
  return (
    <div className="space-y-4">
      <BackToList />
      <h1 className="text-2xl font-black">{t('batchTitle')}</h1>
      <AdminOnly>
        {result ? (
          <section data-testid="batch-result" className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6">
            <p className="text-lg font-bold text-leaf-ink">{t('batchResult', { count: result.count })}</p>
            <div>
              <p className="text-sm text-ink/70">{t('batchPreview')}</p>
              <ul className="mt-2 grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2">
                {result.codes.slice(0, PREVIEW_COUNT).map((code) => (
                  <li key={code} data-testid="batch-code" className="rounded-lg bg-ink/5 px-2 py-1 break-all">
                    {code}
                  </li>
                ))}
              </ul>
            </div>
            <div className="flex flex-wrap gap-2">
              <CsvButton batchId={result.batchId} />
              <Link
                href={`/admin/gift-codes?batchId=${result.batchId}`}
                className={buttonClass('secondary', 'px-4 py-2')}
              >
                {t('viewBatch')}
              </Link>
              <button type="button" onClick={() => setResult(null)} className={buttonClass('ghost', 'px-4 py-2')}>
                {t('anotherBatch')}
              </button>
            </div>
          </section>
        ) : (
          <StaffGiftCodeForm
            mode="batch"
            onSubmit={async (body) => {
              const generated = await generate.mutateAsync(body);
              toast.success(t('batchCreated', { count: generated.count }));
              setResult(generated);
            }}
          />
        )}
      </AdminOnly>
    </div>
  );
}
