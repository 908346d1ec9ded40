'use client';

import {
  accountOptionsSchema,
  signUpResultSchema,
  type PasswordResetBody,
  type PasswordResetRequest,
  type SignUpBody,
} from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The accounts' calls (sign-up, verification, reset); every answer is parsed with its contracts schema. */
export const accountKeys = { options: ['account-options'] as const };

/** Whether this site takes sign-ups (false when the game owns the accounts); asked once per page load. */
export function useAccountOptions() {
  return useQuery({
    queryKey: accountKeys.options,
    queryFn: () => api.get('/accounts/options', accountOptionsSchema),
    staleTime: Infinity,
    retry: 0,
  });
}

export const signUp = (body: SignUpBody) => api.post('/accounts/sign-up', body, signUpResultSchema);

export const verifyEmail = (token: string) => api.post('/accounts/verify-email', { token });

export const requestPasswordReset = (body: PasswordResetRequest) => api.post('/accounts/password-reset/request', body);

export const resetPassword = (body: PasswordResetBody) => api.post('/accounts/password-reset', body);
