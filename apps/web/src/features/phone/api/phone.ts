'use client';

import {
  phoneCodeSentSchema,
  phoneStatusSchema,
  type PhoneCodeSent,
  type PhoneStatus,
  type PhoneTarget,
} from '@carabala/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const phoneKeys = { status: (userId: string) => ['phone', 'status', userId] as const };

/** GET /phone: the account's number and its guardian's, masked, and what the policy requires. */
export function usePhoneStatus(userId: string) {
  return useQuery({
    queryKey: phoneKeys.status(userId),
    queryFn: () => api.get('/phone', phoneStatusSchema),
    staleTime: 30_000,
  });
}

/** POST /phone/codes: a code to the account's number, a new number (`phone`), or the guardian's. */
export const sendPhoneCode = (target: PhoneTarget, phone?: string): Promise<PhoneCodeSent> =>
  api.post('/phone/codes', { target, ...(phone ? { phone } : {}) }, phoneCodeSentSchema);

/** POST /phone/verify: answers the new status, which the page shows at once. */
export function useVerifyPhone(userId: string) {
  const queryClient = useQueryClient();
  return async (target: PhoneTarget, code: string): Promise<PhoneStatus> => {
    const status = await api.post('/phone/verify', { target, code }, phoneStatusSchema);
    queryClient.setQueryData(phoneKeys.status(userId), status);
    return status;
  };
}
