'use client';

import { giftCodeClaimSchema, type GiftCodeClaimBody, type GiftCodeClaimInput } from '@carabala/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { InputField } from '@/components/form/fields';
import { fieldsOf } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useClaimGiftCode } from './api/claim';

/** 'Quy đổi mã': one field, one button, and the server's answer under it. */
export function GiftCodeForm() {
  const t = useTranslations('giftCode');
  const claim = useClaimGiftCode(t('successFallback'));
  const form = useForm<GiftCodeClaimInput, unknown, GiftCodeClaimBody>({
    resolver: zodResolver(giftCodeClaimSchema),
    defaultValues: { code: '' },
    mode: 'onSubmit',
    shouldFocusError: false,
  });

  const submit = form.handleSubmit(
    (values) => {
      claim.reset();
      claim.mutate(values, {
        onSuccess: (outcome) => {
          if (outcome.ok) form.reset({ code: '' });
        },
      });
    },
    // A new attempt that fails validation must not leave the previous answer under the new error.
    () => claim.reset(),
  );
  const outcome = claim.data;

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
      <Button type="submit" className="w-full py-3 text-base" disabled={claim.isPending}>
        {claim.isPending && <Spinner />}
        {t('submit')}
      </Button>
      {claim.isError && (
        <p role="alert" className="rounded-xl bg-ruby/10 px-4 py-3 text-center text-sm font-semibold text-ruby-ink">
          {t('networkError')}
        </p>
      )}
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          data-testid="gift-code-result"
          data-outcome={outcome.ok ? 'success' : 'refused'}
          className={`rounded-xl px-4 py-3 text-center text-sm font-semibold ${outcome.ok ? 'bg-leaf/10 text-leaf-ink' : 'bg-ruby/10 text-ruby-ink'}`}
        >
          {outcome.message}
        </p>
      )}
    </form>
  );
}
