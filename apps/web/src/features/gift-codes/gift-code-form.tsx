'use client';

import { giftCodeClaimSchema, type GiftCodeClaimBody, type GiftCodeClaimInput } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CharacterLine,
  CharacterPicker,
  characterErrorsOf,
  characterRequest,
  noCharacterChoice,
  type CharacterErrors,
} from '@/components/character-picker';
import { InputField } from '@/components/form/fields';
import { fieldsOf, keyResolver } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth';
import { useClaimGiftCode, useOwnServers } from './api/claim';

/**
 * 'Quy đổi mã': one field, one button, and the server's answer under it. A player whose account has
 * several characters chooses the one that receives the rewards ("Chọn máy chủ", "Chọn nhân vật") first.
 */
export function GiftCodeForm() {
  const t = useTranslations('giftCode');
  const { user } = useSession();
  const servers = useOwnServers(user?.shortId ?? null).data ?? [];
  const [choice, setChoice] = useState(noCharacterChoice);
  const [choiceErrors, setChoiceErrors] = useState<CharacterErrors>({});
  const claim = useClaimGiftCode(t('successFallback'));
  const form = useForm<GiftCodeClaimInput, unknown, GiftCodeClaimBody>({
    resolver: keyResolver(giftCodeClaimSchema),
    defaultValues: { code: '' },
    mode: 'onSubmit',
    shouldFocusError: false,
  });

  const submit = form.handleSubmit(
    (values) => {
      claim.reset();
      const character = characterRequest(servers, choice);
      setChoiceErrors(character.errors ?? {});
      if (character.errors) return;
      claim.mutate(
        { ...values, ...character.fields },
        {
          onSuccess: (outcome) => {
            if (outcome.ok) form.reset({ code: '' });
            setChoiceErrors(characterErrorsOf(outcome.errors) ?? {});
          },
        },
      );
    },
    // A new attempt that fails validation must not leave the previous answer under the new error.
    () => claim.reset(),
  );
  const outcome = claim.data;
  // A refusal of the character is said under its field, not twice.
  const characterRefused = Boolean(characterErrorsOf(outcome?.errors));

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="gift-code-title">
      <h2 id="gift-code-title" className="text-center text-2xl font-black text-ink">
        {t('title')}
      </h2>
      <p className="text-center text-sm text-ink/70">{t('hint')}</p>
      <InputField
        {...fieldsOf(form, 'gift-code', () => t('field'))('code')}
        id="gift-code-input"
        hideLabel
        placeholder={t('placeholder')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={60}
        controlClassName="text-center font-bold tracking-widest uppercase"
      />
      <CharacterPicker
        servers={servers}
        value={choice}
        onChange={(next) => {
          setChoice(next);
          setChoiceErrors({});
        }}
        errors={choiceErrors}
        idPrefix="gift-code"
      />
      <Button type="submit" className="w-full py-3 text-base" disabled={claim.isPending}>
        {claim.isPending && <Spinner />}
        {t('submit')}
      </Button>
      {claim.isError && (
        <p role="alert" className="rounded-xl bg-ruby/10 px-4 py-3 text-center text-sm font-semibold text-ruby-ink">
          {t('networkError')}
        </p>
      )}
      {outcome && !characterRefused && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          data-testid="gift-code-result"
          data-outcome={outcome.ok ? 'success' : 'refused'}
          className={`rounded-xl px-4 py-3 text-center text-sm font-semibold ${outcome.ok ? 'bg-leaf/10 text-leaf-ink' : 'bg-ruby/10 text-ruby-ink'}`}
        >
          {outcome.message}
        </p>
      )}
      {outcome?.ok && (
        <CharacterLine
          character={outcome.character}
          className="text-center text-sm font-semibold"
          testId="gift-code-character"
        />
      )}
    </form>
  );
}
