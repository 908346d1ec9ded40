'use client';

import {
  approvalPageSchema,
  auditPageSchema,
  deviceSessionListSchema,
  overviewSchema,
  playerOverviewSchema,
  playerPageSchema,
  playerSummarySchema,
  sessionsEndedSchema,
  staffMembersSchema,
  type AuditQuery,
  type PlayerQuery,
  type roleChangeSchema,
} from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { approvalsKey, useFindMany, useRead, useWrite } from '@/lib/staff-query';

/** The query keys of the staff-only reads: the overview, the players and the audit log. */
export const staffKeys = {
  all: ['staff'] as const,
  overview: () => [...staffKeys.all, 'overview'] as const,
  players: (filter: PlayerQuery) => [...staffKeys.all, 'players', filter] as const,
  player: (id: string) => [...staffKeys.all, 'players', 'overview', id] as const,
  audit: (filter: AuditQuery) => [...staffKeys.all, 'audit', filter] as const,
  sessions: () => [...staffKeys.all, 'sessions'] as const,
  staffMembers: () => [...staffKeys.all, 'staff-members'] as const,
};

export function useOverview() {
  return useQuery({
    queryKey: staffKeys.overview(),
    queryFn: () => api.get('/internal/overview', overviewSchema),
    refetchInterval: 60_000,
  });
}

/**
 * How many requests wait for approval, for the console's navigation: one page of one, its total.
 * Read again with every approval read (a decision, a new request) and every minute.
 */
export function usePendingApprovalCount(enabled: boolean) {
  return useQuery({
    queryKey: [...approvalsKey, 'pending-count'],
    queryFn: () => api.get('/internal/approvals?status=pending&pageSize=1', approvalPageSchema),
    select: (page) => page.total,
    enabled,
    refetchInterval: 60_000,
  });
}

export const usePlayers = (filter: PlayerQuery) =>
  useFindMany(staffKeys.players(filter), '/internal/users/find-many', filter, playerPageSchema);

/** The player page: the profile, recent orders, tickets, gift codes, mails and sessions of one player. */
export const usePlayerOverview = (id: string) =>
  useRead(staffKeys.player(id), `/internal/users/${encodeURIComponent(id)}/overview`, playerOverviewSchema);

/** A role change: a promotion to admin gives a reason. */
export type RoleChange = z.output<typeof roleChangeSchema>;

/** A promotion to admin waits for another admin's approval: it answers `AwaitingApproval` then. */
export const useChangeRole = (playerId: string) =>
  useWrite(
    (body: RoleChange) => api.action('PUT', `/internal/users/${playerId}/role`, body, playerSummarySchema),
    [...staffKeys.all, 'players'],
  );

export const useAudit = (filter: AuditQuery) =>
  useFindMany(staffKeys.audit(filter), '/internal/audit/find-many', filter, auditPageSchema);

/** The staff accounts, for the audit log's "who" filter. */
export function useStaffMembers() {
  return useQuery({
    queryKey: staffKeys.staffMembers(),
    queryFn: () => api.get('/internal/audit/staff-members', staffMembersSchema),
    staleTime: 5 * 60_000,
  });
}

/** My signed-in devices, and the new-device sign-ins to notice. */
export function useMySessions() {
  return useQuery({
    queryKey: staffKeys.sessions(),
    queryFn: () => api.get('/auth/sessions', deviceSessionListSchema),
    staleTime: 30_000,
  });
}

export const useEndSession = () =>
  useWrite((sessionId: string) => api.delete(`/auth/sessions/${sessionId}`), staffKeys.sessions());

export const useEndMemberSessions = (playerId: string) =>
  useWrite(
    () => api.post(`/internal/users/${playerId}/sessions/end`, {}, sessionsEndedSchema),
    [...staffKeys.all, 'audit'],
  );
