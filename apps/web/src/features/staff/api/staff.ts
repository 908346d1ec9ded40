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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

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

export function usePlayers(filter: PlayerQuery) {
  return useQuery({
    queryKey: staffKeys.players(filter),
    queryFn: () => api.post('/internal/users/find-many', filter, playerPageSchema),
  });
}

export function useChangeRole(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: Role) => api.put(`/internal/users/${playerId}/role`, { role }, playerSummarySchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...staffKeys.all, 'players'] }),
  });
}

export function useAudit(filter: AuditQuery) {
  return useQuery({
    queryKey: staffKeys.audit(filter),
    queryFn: () => api.post('/internal/audit/find-many', filter, auditPageSchema),
  });
}
