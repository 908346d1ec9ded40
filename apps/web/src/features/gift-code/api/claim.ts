'use client';

import { codes, type GiftCodeClaimBody } from '@carabala/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

export interface ClaimOutcome {
  ok: boolean;
  /** The server's message, shown as it is (point 8: the page displays what the server says). */
  message: string;
}

/** POST /gift-codes/claim; both success and refusal resolve to the message to show. */
export async function claimGiftCode(body: GiftCodeClaimBody, fallbackMessage: string): Promise<ClaimOutcome> {
  try {
    const envelope = await api.request('POST', '/gift-codes/claim', body);
    return { ok: envelope.code === codes.success, message: envelope.message ?? fallbackMessage };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: error.message };
    throw error;
  }
}

export function useClaimGiftCode(fallbackMessage: string) {
  return useMutation({ mutationFn: (body: GiftCodeClaimBody) => claimGiftCode(body, fallbackMessage) });
}
