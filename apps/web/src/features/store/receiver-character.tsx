'use client';

import type { ReceiverServers, UserLookup } from '@carabala/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CharacterPicker,
  characterRequest,
  noCharacterChoice,
  type CharacterChoice,
  type CharacterErrors,
} from '@/components/character-picker';
import { storeKeys } from './api/keys';
import { useReceiverLookup } from './api/receipt';

/**
 * The purchase's character choice, kept per receiver: a choice (or its errors) made for one User ID
 * never goes with an order for another.
 */
export function useCharacterChoice() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ shortId: string; choice: CharacterChoice; errors: CharacterErrors }>({
    shortId: '',
    choice: noCharacterChoice,
    errors: {},
  });
  const mine = (shortId: string) => state.shortId === shortId;
  return {
    valueFor: (shortId: string) => (mine(shortId) ? state.choice : noCharacterChoice),
    errorsFor: (shortId: string) => (mine(shortId) ? state.errors : {}),
    change: (shortId: string, choice: CharacterChoice) => setState({ shortId, choice, errors: {} }),
    fail: (shortId: string, errors: CharacterErrors) =>
      setState((current) => ({
        shortId,
        choice: current.shortId === shortId ? current.choice : noCharacterChoice,
        errors,
      })),
    /**
     * What the order says of the character, from the receiver's look-up as the dialog showed it; the
     * errors to show instead when the picker asks and is not filled.
     */
    request(shortId: string) {
      const servers = queryClient.getQueryData<UserLookup>(storeKeys.receiver(shortId))?.servers ?? [];
      return characterRequest(servers, mine(shortId) ? state.choice : noCharacterChoice);
    },
  };
}

export type CharacterChoiceState = ReturnType<typeof useCharacterChoice>;

/** The picker of one receiver's characters, bound to the dialog's choice. */
export function ReceiverCharacter({
  shortId,
  servers,
  choice,
}: {
  shortId: string;
  servers: ReceiverServers;
  choice: CharacterChoiceState;
}) {
  return (
    <CharacterPicker
      servers={servers}
      value={choice.valueFor(shortId)}
      onChange={(next) => choice.change(shortId, next)}
      errors={choice.errorsFor(shortId)}
      idPrefix="purchase"
    />
  );
}

/** CONFIRM: the signed-in account's own characters (looking oneself up costs no look-up). */
export function OwnCharacter({ shortId, choice }: { shortId: string; choice: CharacterChoiceState }) {
  const lookup = useReceiverLookup(shortId);
  if (!lookup.data) return null;
  return (
    <div className="mt-3 empty:hidden">
      <ReceiverCharacter shortId={shortId} servers={lookup.data.servers} choice={choice} />
    </div>
  );
}
