'use client';

import type { StaffVipTier, VipTierBody } from '@carabala/contracts';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import toast from 'react-hot-toast';
import { BackLink } from '@/components/back-link';
import { showRefusal } from '@/components/form/schema-form';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatVnd } from '@/lib/format';
import type { Listed } from '../admin/draft-api';
import { DraftHeader } from '../admin/draft-header';
import { DraftListPage } from '../admin/draft-list';
import { vipTierRecords } from './api';
import { VipTierForm, type VipTierFormApi } from './tier-form';

/** The VIP tiers for staff: search ignoring diacritics, filter by state, create one; each with its players. */
export function VipTierListPage() {
  const t = useTranslations('admin.vip');
  return (
    <DraftListPage<Listed<StaffVipTier>>
      section="vip"
      records={vipTierRecords}
      rowTestId="vip-tier-row"
      row={({ draft, state, players }) => ({
        title: draft.title,
        state,
        facts: t('facts', {
          threshold: formatVnd(draft.threshold),
          days: draft.windowDays,
          percent: draft.bonusPercent,
          packs: draft.packIds.length,
          players: formatCount(players),
        }),
      })}
    />
  );
}

function useSaveHandler(id: number | undefined, then: (saved: StaffVipTier) => void) {
  const t = useTranslations('admin.vip');
  const tOps = useTranslations('adminOps');
  const save = vipTierRecords.useSave(id);
  const onSave = (body: VipTierBody, form: VipTierFormApi) =>
    save.mutateAsync(body).then(
      (saved) => {
        toast.success(t('saved'));
        then(saved);
      },
      (error: unknown) => showRefusal(error, tOps('failed'), form.setError),
    );
  return { onSave, pending: save.isPending };
}

/** A tier's page: its state, its players, the draft's form and the publish button (step-up). */
export function VipTierEditPage({ id }: { id: number }) {
  const t = useTranslations('admin.vip');
  const query = vipTierRecords.useOne(id);
  const publish = vipTierRecords.usePublish(id);
  const { onSave, pending } = useSaveHandler(id, () => undefined);
  if (query.isPending) return <Spinner className="size-6" />;
  if (query.isError) return <p className="text-ruby">{query.error.message}</p>;
  const tier = query.data;
  return (
    <div>
      <DraftHeader
        words="admin.vip"
        backHref="/admin/vip"
        record={tier}
        testId="vip-tier-state"
        publish={publish}
        note={` ${t('players', { count: formatCount(tier.players) })}`}
      />
      <div className="mt-4 max-w-3xl">
        <VipTierForm key={tier.updatedAt} tier={tier} pending={pending} onSave={onSave} />
      </div>
    </div>
  );
}

/** A new tier: saved as a draft, then its own page (where it is published). */
export function VipTierCreatePage() {
  const t = useTranslations('admin.vip');
  const router = useRouter();
  const { onSave, pending } = useSaveHandler(undefined, (saved) => router.replace(`/admin/vip/${saved.id}`));
  return (
    <div>
      <BackLink href="/admin/vip" label={t('back')} />
      <h1 className="mt-2 text-2xl font-black">{t('createTitle')}</h1>
      <div className="mt-4 max-w-3xl">
        <VipTierForm pending={pending} onSave={onSave} />
      </div>
    </div>
  );
}
