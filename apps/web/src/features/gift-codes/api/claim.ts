'use client';

import { codes, envelope, giftCodeClaimResultSchema, type GiftCodeClaimBody } from '@carabala/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/** The claim's answer: the envelope, its message and the claimed code's rewards. */
const claimAnswerSchema = envelope(giftCodeClaimResultSchema);

export interface ClaimOutcome {
  ok: boolean;
  /** The server's message, shown as it is: the page displays what the server says, success or refusal. */
  message: string;
}

/**
 * POST /gift-codes/claim; both success and refusal resolve to the message to show. The answer is
 * parsed with the contracts schema: one that does not match fails as any broken answer does.
 */
export async function claimGiftCode(body: GiftCodeClaimBody, fallbackMessage: string): Promise<ClaimOutcome> {
  try {
    const answer = claimAnswerSchema.parse(await api.request('POST', '/gift-codes/claim', body));
    return { ok: answer.code === codes.success, message: answer.message ?? fallbackMessage };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: error.message };
    throw error;
  }
}

export function useClaimGiftCode(fallbackMessage: string) {
  return useMutation({ mutationFn: (body: GiftCodeClaimBody) => claimGiftCode(body, fallbackMessage) });
}
