'use client';

import { orderLookupBodySchema, type OrderLookupBody } from '@carabala/contracts';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { InputField } from '@/components/form/fields';
import { fieldsOf, keyResolver, putFieldErrors } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, messageOf } from '@/lib/api-client';
import { useOrderLookup } from './api/player';
import { orderPath } from './find-order-again';

/** The look-up's refusals in the page's language: no such order (or not for that User ID), too many tries. */
const refusals: Record<number, 'lookupNotFound' | 'lookupTooMany'> = { 404: 'lookupNotFound', 429: 'lookupTooMany' };

/**
 * "Tra cứu đơn hàng": a guest who closed the panel types the order code and the receiver's User ID,
 * and lands on the order's panel again (its state, its QR while it can be paid, its receipt link once paid).
 */
export function OrderLookup() {
  const t = useTranslations('store');
  const router = useRouter();
  const lookup = useOrderLookup();
  const form = useForm<OrderLookupBody>({
    resolver: keyResolver(orderLookupBodySchema),
    defaultValues: { code: '', shortId: '' },
    mode: 'onSubmit',
    shouldFocusError: false,
  });
  const field = fieldsOf(form, 'order-lookup', (name) => t(name === 'code' ? 'lookupCode' : 'lookupShortId'));
  const submit = form.handleSubmit((body) =>
    lookup.mutate(body, {
      onSuccess: (order) => router.push(orderPath(order)),
      onError: (error) => putFieldErrors(error, form.setError),
    }),
  );
  const { error } = lookup;
  const refusal = error instanceof ApiError ? refusals[error.status] : undefined;
  return (
    <form
      onSubmit={submit}
      noValidate
      data-testid="order-lookup"
      className="mx-auto flex max-w-md flex-col gap-4 rounded-3xl bg-white p-5 shadow-lg ring-1 ring-ink/10 md:p-8"
    >
      <p className="text-sm text-ink/80">{t('lookupIntro')}</p>
      <InputField
        {...field('code')}
        placeholder="CRB…"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        controlClassName="font-mono font-bold uppercase"
      />
      <InputField {...field('shortId')} placeholder={t('idPlaceholder')} inputMode="numeric" autoComplete="off" />
      {lookup.isError && (
        <p role="alert" className="rounded-xl bg-ruby/10 px-3 py-2 text-sm font-semibold text-ruby-ink">
          {refusal ? t(refusal) : messageOf(lookup.error, t('lookupFailed'))}
        </p>
      )}
      <Button type="submit" disabled={lookup.isPending || lookup.isSuccess}>
        {(lookup.isPending || lookup.isSuccess) && <Spinner />}
        {t('lookupSubmit')}
      </Button>
    </form>
  );
}
