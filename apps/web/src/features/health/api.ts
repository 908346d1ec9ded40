'use client';

import { healthBoardSchema } from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How often the board is read again while it is open. */
export const HEALTH_REFRESH_MS = 15_000;

/** The health board: the alert rules, the recent alerts, the bank feed, the mailbox, the probes. */
export const useHealthBoard = () =>
  useQuery({
    queryKey: ['health-board'],
    queryFn: () => api.get('/internal/health-board', healthBoardSchema),
    refetchInterval: HEALTH_REFRESH_MS,
  });
