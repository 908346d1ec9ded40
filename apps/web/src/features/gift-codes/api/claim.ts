'use client';

import {
  codes,
  envelope,
  giftCodeClaimResultSchema,
  userLookupSchema,
  type GiftCodeClaimBody,
  type OrderCharacter,
} from '@carabala/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api, sentenceText } from '@/lib/api-client';

/** The claim's answer: the envelope, its message and the claimed code's rewards. */
const claimAnswerSchema = envelope(giftCodeClaimResultSchema);

export interface ClaimOutcome {
  ok: boolean;
  /** The server's sentence, in the reader's language: the page displays what the server says, success or refusal. */
  message: string;
  /** The fields the refusal names (the character to choose), when it names some. */
  errors?: Record<string, string[]>;
  /** The character the rewards went to; null for the account. */
  character?: OrderCharacter | null;
}

/**
 * POST /gift-codes/claim; both success and refusal resolve to the message to show. The answer is
 * parsed with the contracts schema: one that does not match fails as any broken answer does.
 */
export async function claimGiftCode(body: GiftCodeClaimBody, fallbackMessage: string): Promise<ClaimOutcome> {
  try {
    const answer = claimAnswerSchema.parse(await api.request('POST', '/gift-codes/claim', body));
    const ok = answer.code === codes.success;
    const message = answer.message ? sentenceText(answer.key ?? '', undefined, answer.message) : fallbackMessage;
    return { ok, message, character: answer.data.character };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: error.message, errors: error.errors };
    throw error;
  }
}

export function useClaimGiftCode(fallbackMessage: string) {
  return useMutation({ mutationFn: (body: GiftCodeClaimBody) => claimGiftCode(body, fallbackMessage) });
}

/**
 * The signed-in player's own servers and characters (their look-up by their own User ID, which costs
 * no look-up): the page asks which character receives the rewards when there are several.
 */
export function useOwnServers(shortId: string | null) {
  return useQuery({
    queryKey: ['gift-code', 'servers', shortId ?? ''],
    queryFn: async () =>
      (await api.get(`/users/lookup?shortId=${encodeURIComponent(shortId!)}`, userLookupSchema)).servers,
    enabled: Boolean(shortId),
    retry: 0,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}
