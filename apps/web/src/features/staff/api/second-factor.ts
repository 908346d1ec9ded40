'use client';

import {
  enrolmentStartSchema,
  playerSummarySchema,
  recoveryCodesSchema,
  secondFactorStatusSchema,
  type SecondFactorStatus,
} from '@carabala/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { useWrite } from '@/lib/staff-query';

const statusKey = ['second-factor'] as const;

/** Whether the account has a second factor and whether this session entered a code. */
export const useSecondFactorStatus = (enabled = true) =>
  useQuery({
    queryKey: statusKey,
    queryFn: () => api.get('/auth/second-factor', secondFactorStatusSchema),
    enabled,
  });

/** Takes the status a call answered, or reads it again (after an enrolment or a code). */
export function useRefreshSecondFactor() {
  const queryClient = useQueryClient();
  return useCallback(
    (status?: SecondFactorStatus) =>
      status ? queryClient.setQueryData(statusKey, status) : queryClient.invalidateQueries({ queryKey: statusKey }),
    [queryClient],
  );
}

export const startEnrolment = () => api.post('/auth/second-factor/enrolment', {}, enrolmentStartSchema);
export const confirmEnrolment = (otp: string) =>
  api.post('/auth/second-factor/enrolment/confirm', { otp }, recoveryCodesSchema);
export const stepUp = (otp: string) => api.post('/auth/step-up', { otp }, secondFactorStatusSchema);
export const endStepUp = () => api.delete('/auth/step-up', secondFactorStatusSchema);
export const regenerateRecoveryCodes = () => api.post('/auth/second-factor/recovery-codes', {}, recoveryCodesSchema);

/**
 * An admin's reset of another staff member's second factor (their sessions end); another admin's
 * waits for a second admin's approval and answers `AwaitingApproval` then.
 */
export const useResetSecondFactor = (playerId: string) =>
  useWrite(
    () =>
      api.action(
        'POST',
        `/internal/users/${playerId}/second-factor/reset`,
        {},
        playerSummarySchema.pick({ id: true, shortId: true }),
      ),
    ['staff', 'players'],
  );
