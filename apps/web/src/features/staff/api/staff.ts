'use client';

import {
  auditPageSchema,
  overviewSchema,
  playerPageSchema,
  playerSummarySchema,
  type AuditQuery,
  type PlayerQuery,
  type Role,
} from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useFindMany, useWrite } from '@/lib/staff-query';

/** The query keys of the staff-only reads: the overview, the players and the audit log. */
export const staffKeys = {
  all: ['staff'] as const,
  overview: () => [...staffKeys.all, 'overview'] as const,
  players: (filter: PlayerQuery) => [...staffKeys.all, 'players', filter] as const,
  audit: (filter: AuditQuery) => [...staffKeys.all, 'audit', filter] as const,
};

export function useOverview() {
  return useQuery({
    queryKey: staffKeys.overview(),
    queryFn: () => api.get('/internal/overview', overviewSchema),
    refetchInterval: 60_000,
  });
}

export const usePlayers = (filter: PlayerQuery) =>
  useFindMany(staffKeys.players(filter), '/internal/users/find-many', filter, playerPageSchema);

export const useChangeRole = (playerId: string) =>
  useWrite(
    (role: Role) => api.put(`/internal/users/${playerId}/role`, { role }, playerSummarySchema),
    [...staffKeys.all, 'players'],
  );

export const useAudit = (filter: AuditQuery) =>
  useFindMany(staffKeys.audit(filter), '/internal/audit/find-many', filter, auditPageSchema);
