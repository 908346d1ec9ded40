'use client';

import {
  checkinResultSchema,
  checkinStatusSchema,
  staffCheckinCalendarAnswerSchema,
  staffCheckinCalendarSchema,
  type CheckinCalendarBody,
} from '@carabala/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useWrite } from '@/lib/staff-query';

/** The check-in's reads: the calendar and, signed in, the player's state (one key per account). */
export const checkinKeys = {
  all: ['checkin'] as const,
  status: (userId: string | null) => ['checkin', 'status', userId ?? ''] as const,
  staff: ['checkin', 'staff'] as const,
};

/** GET /checkin: the published calendar and, signed in, the player's streak and today's state. */
export function useCheckinStatus(userId: string | null, enabled = true) {
  return useQuery({
    queryKey: checkinKeys.status(userId),
    queryFn: () => api.get('/checkin', checkinStatusSchema),
    enabled,
    staleTime: 30_000,
  });
}

/** POST /checkin: today's check-in; its answer is the state after it. A refusal rejects as `ApiError`. */
export function useCheckIn(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/checkin', {}, checkinResultSchema),
    onSuccess: (result) => queryClient.setQueryData(checkinKeys.status(userId), result.status),
    onError: () => queryClient.invalidateQueries({ queryKey: checkinKeys.status(userId) }),
  });
}

/** The console's calendar: one record, its draft saved and published with step-up. */
export const useStaffCalendar = () =>
  useQuery({
    queryKey: checkinKeys.staff,
    queryFn: () => api.get('/internal/checkin/calendar', staffCheckinCalendarAnswerSchema),
  });

export const useSaveCalendar = () =>
  useWrite(
    (body: CheckinCalendarBody) => api.put('/internal/checkin/calendar', body, staffCheckinCalendarSchema),
    checkinKeys.all,
  );

export const usePublishCalendar = () =>
  useWrite(() => api.post('/internal/checkin/calendar/publish', {}, staffCheckinCalendarSchema), checkinKeys.all);
