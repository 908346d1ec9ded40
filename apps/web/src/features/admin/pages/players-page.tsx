'use client';

import { type PlayerSummary, type Paged, type Role } from '@carabala/contracts';
import { roleLabels } from '@carabala/contracts/labels';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Avatar } from '@/components/ui/avatar';
import { ApiError, api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { ConfirmButton } from '../components/confirm-button';
import { formatVietnamTimeSeconds } from '@/lib/format';
import { Pager } from '../components/pager';
import { useUrlState } from '../components/use-url-state';

const PAGE_SIZE = 20;
const FILTERS = ['q', 'role'] as const;

function RoleChanger({ player }: { player: PlayerSummary }) {
  const t = useTranslations('admin.players');
  const queryClient = useQueryClient();
  const [role, setRole] = useState<Role>(player.role);
  const change = useMutation({
    mutationFn: () => api.put<PlayerSummary>(`/internal/users/${player.id}/role`, { role }),
    onSuccess: (updated) => {
      toast.success(t('roleChanged', { name: updated.displayName, role: roleLabels[updated.role] }));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'players'] });
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : t('failed')),
  });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <select
        aria-label={t('role')}
        value={role}
        onChange={(event) => setRole(event.target.value as Role)}
        className="rounded-lg bg-white px-2 py-1.5 text-sm ring-1 ring-ink/15"
      >
        {(Object.keys(roleLabels) as Role[]).map((value) => (
          <option key={value} value={value}>
            {roleLabels[value]}
          </option>
        ))}
      </select>
      {role !== player.role && (
        <ConfirmButton
          label={t('apply')}
          title={t('confirmTitle')}
          description={t('confirmText', {
            name: player.displayName,
            from: roleLabels[player.role],
            to: roleLabels[role],
          })}
          pending={change.isPending}
          onConfirm={() => change.mutateAsync()}
        />
      )}
    </div>
  );
}

export function PlayersPage() {
  const t = useTranslations('admin.players');
  const { user } = useSession();
  const { values, page, update } = useUrlState(FILTERS);
  const [search, setSearch] = useState(values.q);
  const query = useQuery({
    queryKey: ['admin', 'players', values, page],
    queryFn: () =>
      api.post<Paged<PlayerSummary>>('/internal/users/find-many', {
        q: values.q || undefined,
        role: values.role || undefined,
        page,
        pageSize: PAGE_SIZE,
      }),
  });

  return (
    <div>
      <h1 className="text-2xl font-black">{t('title')}</h1>
      <form
        className="mt-4 flex flex-wrap gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          update({ q: search.trim() });
        }}
      >
        <input
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchPlaceholder')}
          className="min-w-0 flex-1 rounded-xl bg-white px-3 py-2 ring-1 ring-ink/15"
        />
        <select
          aria-label={t('role')}
          value={values.role}
          onChange={(event) => update({ role: event.target.value })}
          className="rounded-xl bg-white px-3 py-2 ring-1 ring-ink/15"
        >
          <option value="">{t('allRoles')}</option>
          {(Object.keys(roleLabels) as Role[]).map((value) => (
            <option key={value} value={value}>
              {roleLabels[value]}
            </option>
          ))}
        </select>
        <button type="submit" className="rounded-xl bg-royal px-4 py-2 font-semibold text-white">
          {t('search')}
        </button>
      </form>

      {query.isError && <p className="mt-4 text-ruby">{(query.error as Error).message}</p>}
      <ul className="mt-4 space-y-2">
        {query.data?.items.map((player) => (
          <li
            key={player.id}
            className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:flex-row md:items-center"
          >
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <Avatar avatar={player.avatar} displayName={player.displayName} size={40} />
              <div className="min-w-0">
                <p className="truncate font-bold">{player.displayName}</p>
                <p className="text-sm text-ink/70">
                  <span className="font-mono text-royal">#{player.shortId}</span>
                  {player.username && <> · {player.username}</>} ·{' '}
                  {t('since', { date: formatVietnamTimeSeconds(player.createdAt) })}
                  {!player.emailVerified && <> · {t('unverified')}</>}
                </p>
              </div>
            </div>
            {user?.role === 'admin' && user.id !== player.id ? (
              <RoleChanger key={player.role} player={player} />
            ) : (
              <span className="text-sm font-semibold">{roleLabels[player.role]}</span>
            )}
          </li>
        ))}
      </ul>
      {query.data && query.data.items.length === 0 && <p className="mt-6 text-center text-ink/70">{t('empty')}</p>}
      {query.data && (
        <Pager page={page} pageSize={PAGE_SIZE} total={query.data.total} onPage={(next) => update({ page: next })} />
      )}
    </div>
  );
}
