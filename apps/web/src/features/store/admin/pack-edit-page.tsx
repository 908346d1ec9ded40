'use client';

import type { PackBody } from '@carabala/contracts';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import toast from 'react-hot-toast';
import { BackLink } from '@/components/back-link';
import { Badge } from '@/components/badge';
import { HideRecordButton } from '@/components/hide-record-button';
import { showRefusal } from '@/components/form/schema-form';
import { Spinner } from '@/components/ui/spinner';
import { formatConsoleTime } from '@/lib/format';
import { packRecords, useSetPackHidden } from './api';
import { DraftHeader } from './draft-header';
import { PackForm } from './pack-form';

/** A pack's page: its state, the draft's form with the card's preview, the publish and the hide or show buttons. */
export function PackEditPage({ id }: { id: number }) {
  const t = useTranslations('admin.catalogue');
  const tOps = useTranslations('adminOps');
  const query = packRecords.useOne(id);
  const save = packRecords.useSave(id);
  const publish = packRecords.usePublish(id);
  const setHidden = useSetPackHidden(id);
  if (query.isPending) return <Spinner className="size-6" />;
  if (query.isError) return <p className="text-ruby">{query.error.message}</p>;
  const pack = query.data;
  const onSave = (body: PackBody, form: Parameters<Parameters<typeof PackForm>[0]['onSave']>[1]) =>
    save.mutateAsync(body).then(
      () => toast.success(t('saved')),
      (error: unknown) => showRefusal(error, tOps('failed'), form.setError),
    );
  return (
    <div>
      <DraftHeader
        words="admin.catalogue"
        backHref="/admin/catalogue"
        record={pack}
        testId="pack-state"
        publish={publish}
        extra={
          <>
            {pack.hiddenAt && (
              <Badge tone="ruby" testId="pack-hidden">
                {t('hidden')}
              </Badge>
            )}
            {pack.published && !pack.hiddenAt && (
              <Link
                href={`/store?tab=${pack.published.tab}&productId=${pack.id}`}
                target="_blank"
                className="text-sm font-semibold text-royal"
              >
                {t('view')}
              </Link>
            )}
            <HideRecordButton words="admin.catalogue" record={pack} setHidden={setHidden} />
          </>
        }
        note={pack.hiddenAt && <> {t('hiddenSince', { time: formatConsoleTime(pack.hiddenAt) })}</>}
      />
      <div className="mt-4">
        <PackForm key={pack.updatedAt} id={pack.id} draft={pack.draft} pending={save.isPending} onSave={onSave} />
      </div>
    </div>
  );
}

/** A new pack: saved as a draft, then its own page (where it is published). */
export function PackCreatePage() {
  const t = useTranslations('admin.catalogue');
  const tOps = useTranslations('adminOps');
  const router = useRouter();
  const save = packRecords.useSave(undefined);
  return (
    <div>
      <BackLink href="/admin/catalogue" label={t('back')} />
      <h1 className="mt-2 text-2xl font-black">{t('createTitle')}</h1>
      <div className="mt-4">
        <PackForm
          id={0}
          pending={save.isPending}
          onSave={(body, form) =>
            save.mutateAsync(body).then(
              (saved) => {
                toast.success(t('saved'));
                router.replace(`/admin/catalogue/${saved.id}`);
              },
              (error: unknown) => showRefusal(error, tOps('failed'), form.setError),
            )
          }
        />
      </div>
    </div>
  );
}
