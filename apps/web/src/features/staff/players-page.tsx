'use client';

import { roleChangeSchema, type PlayerSummary } from '@carabala/contracts';
import { isStaff, roles, type Role } from '@carabala/contracts/permissions';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useForm, useWatch } from 'react-hook-form';
import { ConfirmButton } from '@/components/confirm-button';
import { TextAreaField } from '@/components/form/fields';
import { confirmForm, fieldsOf, schemaResolver } from '@/components/form/schema-form';
import { ListFrame } from '@/components/list-frame';
import { SearchBar, SelectFilter } from '@/components/search-bar';
import { Avatar } from '@/components/ui/avatar';
import { useUrlState } from '@/components/use-url-state';
import { formatConsoleTime } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useSession } from '@/lib/auth';
import { useResetSecondFactor } from './api/second-factor';
import { useChangeRole, useEndMemberSessions, usePlayers, type RoleChange } from './api/staff';
import { useRoleLabel } from '@/lib/role-label';

const PAGE_SIZE = 20;
const FILTERS = ['q', 'role'] as const;

type RoleValues = { role: Role; reason: string };

/** A role change; a promotion to admin says why, and waits for another admin's approval. */
function RoleChanger({ player }: { player: PlayerSummary }) {
  const roleLabel = useRoleLabel();
  const t = useTranslations('admin.players');
  const change = useChangeRole(player.id);
  const form = useForm<RoleValues, unknown, RoleChange>({
    resolver: schemaResolver(roleChangeSchema, ({ role, reason }: RoleValues) => ({
      role,
      reason: reason.trim() || undefined,
    })),
    defaultValues: { role: player.role, reason: '' },
    shouldFocusError: false,
  });
  const role = useWatch({ control: form.control, name: 'role' });
  const submit = confirmForm(form, (body) => change.mutateAsync(body));
  return (
    <div className="flex flex-wrap items-center gap-2">
      <select
        aria-label={t('role')}
        {...form.register('role')}
        className="rounded-lg bg-white px-2 py-1.5 text-sm ring-1 ring-ink/15"
      >
        {roles.map((value) => (
          <option key={value} value={value}>
            {roleLabel(value)}
          </option>
        ))}
      </select>
      {role !== player.role && (
        <ConfirmButton
          label={t('apply')}
          title={t('confirmTitle')}
          description={
            <>
              {t('confirmText', { name: player.displayName, from: roleLabel(player.role), to: roleLabel(role) })}
              {role === 'admin' && <p className="mt-2 font-semibold">{t('adminNeedsApproval')}</p>}
            </>
          }
          pending={change.isPending}
          onConfirm={submit}
          done={(updated) => t('roleChanged', { name: updated.displayName, role: roleLabel(updated.role) })}
          failed={t('failed')}
        >
          {role === 'admin' && (
            <TextAreaField
              className="mt-3"
              rows={3}
              required
              {...fieldsOf(form, `role-${player.id}`, () => t('reason'))('reason')}
            />
          )}
        </ConfirmButton>
      )}
    </div>
  );
}

/** An admin's reset of a staff member's second factor: it also ends their sessions (a power action: step-up). */
function SecondFactorReset({ player }: { player: PlayerSummary }) {
  const t = useTranslations('admin.players');
  const reset = useResetSecondFactor(player.id);
  return (
    <ConfirmButton
      label={t('resetSecondFactor')}
      title={t('resetTitle')}
      description={t('resetText', { name: player.displayName })}
      pending={reset.isPending}
      onConfirm={() => reset.mutateAsync(undefined)}
      done={() => t('resetDone', { name: player.displayName })}
      failed={t('failed')}
    />
  );
}

/** An admin signs a staff member out everywhere (a lost phone, a member leaving). */
function EndSessions({ player }: { player: PlayerSummary }) {
  const t = useTranslations('admin.players');
  const end = useEndMemberSessions(player.id);
  return (
    <ConfirmButton
      label={t('endSessions')}
      title={t('endSessionsTitle')}
      description={t('endSessionsText', { name: player.displayName })}
      variant="outline"
      pending={end.isPending}
      onConfirm={() => end.mutateAsync(undefined)}
      done={({ ended }) => t('sessionsEnded', { count: ended, name: player.displayName })}
      failed={t('failed')}
    />
  );
}

export function PlayersPage() {
  const roleLabel = useRoleLabel();
  const t = useTranslations('admin.players');
  const { user } = useSession();
  const allowed = useCan();
  const { values, page, update } = useUrlState(FILTERS);
  const query = usePlayers({
    q: values.q || undefined,
    role: roles.find((role) => role === values.role),
    page,
    pageSize: PAGE_SIZE,
  });

  return (
    <ListFrame
      title={t('title')}
      filters={
        <SearchBar value={values.q} placeholder={t('searchPlaceholder')} onSearch={(q) => update({ q })}>
          <SelectFilter
            label={t('role')}
            value={values.role}
            all={t('allRoles')}
            options={roles}
            optionLabel={(value) => roleLabel(value)}
            onChange={(role) => update({ role })}
          />
        </SearchBar>
      }
      query={query}
      empty={t('empty')}
      listClassName="mt-4 space-y-2"
      row={(player) => (
        <li className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:flex-row md:items-center">
          <div className="flex min-w-0 flex-1 items-center gap-3">
            <Avatar avatar={player.avatar} displayName={player.displayName} size={40} />
            <div className="min-w-0">
              <p className="truncate font-bold">
                <Link href={`/admin/players/${player.id}`} className="text-royal underline-offset-2 hover:underline">
                  {player.displayName}
                </Link>
              </p>
              <p className="text-sm text-ink/70">
                <span className="font-mono text-royal">#{player.shortId}</span>
                {player.username && <> · {player.username}</>} ·{' '}
                {t('since', { date: formatConsoleTime(player.createdAt) })}
                {!player.emailVerified && <> · {t('unverified')}</>}
              </p>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {allowed('players.roles') && user?.id !== player.id ? (
              <RoleChanger key={player.role} player={player} />
            ) : (
              <span className="text-sm font-semibold">{roleLabel(player.role)}</span>
            )}
            {allowed('players.sessions') && user?.id !== player.id && isStaff(player.role) && (
              <EndSessions player={player} />
            )}
            {allowed('players.second-factor') && user?.id !== player.id && isStaff(player.role) && (
              <SecondFactorReset player={player} />
            )}
          </div>
        </li>
      )}
    />
  );
}
