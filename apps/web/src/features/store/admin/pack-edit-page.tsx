'use client';

import type { PackBody, StaffPack } from '@carabala/contracts';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import toast from 'react-hot-toast';
import { BackLink } from '@/components/back-link';
import { Badge, draftStateTones } from '@/components/badge';
import { ConfirmButton } from '@/components/confirm-button';
import { showRefusal } from '@/components/form/schema-form';
import { Spinner } from '@/components/ui/spinner';
import { formatVietnamTime } from '@/lib/format';
import { usePublishPack, useSavePack, useStaffPack } from './api';
import { PackForm } from './pack-form';

/** Publishes the saved draft: on every store page within seconds; a price change asks for a fresh code. */
function PublishButton({ pack }: { pack: StaffPack }) {
  const t = useTranslations('admin.catalogue');
  const tOps = useTranslations('adminOps');
  const publish = usePublishPack(pack.id);
  if (pack.state === 'published') return null;
  return (
    <ConfirmButton
      variant="primary"
      label={t('publish')}
      title={t('publishTitle')}
      description={t('publishText', { title: pack.draft.title })}
      pending={publish.isPending}
      onConfirm={() => publish.mutateAsync(undefined)}
      done={() => t('publishedToast')}
      failed={tOps('failed')}
    />
  );
}

/** A pack's page: its state, the draft's form with the card's preview, and the publish button. */
export function PackEditPage({ id }: { id: number }) {
  const t = useTranslations('admin.catalogue');
  const tOps = useTranslations('adminOps');
  const query = useStaffPack(id);
  const save = useSavePack(id);
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
      <BackLink href="/admin/catalogue" label={t('back')} />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-black">{pack.draft.title}</h1>
        <span className="flex flex-wrap items-center gap-2">
          <Badge tone={draftStateTones[pack.state]} testId="pack-state">
            {t(`states.${pack.state}`)}
          </Badge>
          {pack.published && (
            <Link
              href={`/store?tab=${pack.published.tab}&productId=${pack.id}`}
              target="_blank"
              className="text-sm font-semibold text-royal"
            >
              {t('view')}
            </Link>
          )}
          <PublishButton pack={pack} />
        </span>
      </div>
      <p className="mt-1 text-sm text-ink/70">
        {pack.publishedAt ? t('publishedAt', { time: formatVietnamTime(pack.publishedAt) }) : t('neverPublished')}
        {pack.state === 'changed' && ` ${t('changedHint')}`}
      </p>
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
  const save = useSavePack(undefined);
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
