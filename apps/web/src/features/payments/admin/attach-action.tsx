'use client';

import { OrderStatusBadge } from '@/components/order-status-badge';
import { attachBankEventBodySchema, type AttachCandidate, type BankEvent } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-button';
import { InputField } from '@/components/form/fields';
import { confirmForm, fieldsOf, schemaResolver } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, messageOf } from '@/lib/api-client';
import { formatVnd } from '@/lib/format';
import { useAttachBankEvent, useAttachPreview, useAttachSuggestions } from '../api/staff';
import { NoteField } from './payment-badges';
import { useSettled } from '@/lib/use-settled';

type AttachValues = z.input<typeof attachBankEventBodySchema>;
type AttachBody = z.output<typeof attachBankEventBodySchema>;

/** Who receives the order, as the console names a player: name and User ID. */
function Receiver({ order }: { order: AttachCandidate }) {
  return (
    <>
      {order.receiver.displayName} <span className="text-ink/70">(ID: {order.receiver.shortId})</span>
    </>
  );
}

/** What attaching `amount` would do to the order: pay it (with any surplus held), or leave part owed. */
function outcomeOf(order: AttachCandidate, amount: number, t: ReturnType<typeof useTranslations<'adminPayments'>>) {
  if (amount < order.amountDue) return t('bank.attachLeavesDue', { due: formatVnd(order.amountDue - amount) });
  if (amount > order.amountDue) return t('bank.attachPaysSurplus', { surplus: formatVnd(amount - order.amountDue) });
  return t('bank.attachPays');
}

/** The order the typed or picked code names, as staff check it before confirming. */
function AttachPreview({ order, amount }: { order: AttachCandidate; amount: number }) {
  const t = useTranslations('adminPayments');
  return (
    <section data-testid="attach-preview" aria-live="polite" className="mt-3 rounded-xl bg-ink/5 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          href={`/admin/transactions/${order.id}`}
          target="_blank"
          className="font-mono font-bold text-royal underline"
        >
          {order.code}
        </Link>
        <OrderStatusBadge status={order.status} />
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-ink/70">{t('bank.attachReceiver')}</dt>
        <dd className="min-w-0 break-words">
          <Receiver order={order} />
        </dd>
        <dt className="text-ink/70">{t('bank.attachPack')}</dt>
        <dd className="min-w-0 break-words">{order.productTitle}</dd>
        <dt className="text-ink/70">{t('bank.attachDue')}</dt>
        <dd>
          <span className="font-bold">{formatVnd(order.amountDue)}</span>{' '}
          <span className="text-ink/70">
            {t('bank.attachReceived', {
              received: formatVnd(order.accumulatedAmount),
              total: formatVnd(order.totalPrice),
            })}
          </span>
        </dd>
      </dl>
      {order.refusal ? (
        <p role="alert" className="mt-2 font-semibold text-ruby-ink">
          {order.refusal}
        </p>
      ) : (
        <p className="mt-2 font-semibold text-emerald-800">{outcomeOf(order, amount, t)}</p>
      )}
    </section>
  );
}

/** Orders the money was likely meant for; picking one fills the code. */
function Suggestions({
  eventId,
  open,
  picked,
  onPick,
}: {
  eventId: string;
  open: boolean;
  picked: string;
  onPick: (code: string) => void;
}) {
  const t = useTranslations('adminPayments');
  const query = useAttachSuggestions(eventId, open);
  if (query.isPending) return <Spinner />;
  const suggestions = query.data?.suggestions ?? [];
  return (
    <section className="mt-3" aria-labelledby={`attach-suggestions-${eventId}`}>
      <h3 id={`attach-suggestions-${eventId}`} className="text-sm font-semibold">
        {t('bank.suggestionsTitle')}
      </h3>
      {suggestions.length === 0 ? (
        <p className="mt-1 text-sm text-ink/70">{t('bank.suggestionsNone')}</p>
      ) : (
        <ul className="mt-1 grid gap-2">
          {suggestions.map((order) => (
            <li key={order.id}>
              <button
                type="button"
                data-testid="attach-suggestion"
                aria-pressed={picked === order.code}
                onClick={() => onPick(order.code)}
                className={`w-full rounded-xl border-2 p-2 text-left text-sm ${
                  picked === order.code ? 'border-royal bg-royal/5' : 'border-ink/15 hover:border-royal/60'
                }`}
              >
                <span className="flex flex-wrap items-center justify-between gap-x-2">
                  <span className="font-mono font-bold">{order.code}</span>
                  <span className="font-bold">{t('bank.suggestionDue', { due: formatVnd(order.amountDue) })}</span>
                </span>
                <span className="block min-w-0 break-words">
                  <Receiver order={order} /> · {order.productTitle}
                </span>
                <span className="block text-xs text-ink/70">{t(`bank.suggestionReason.${order.reason}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Credits an unmatched payment to the order its payer meant. Staff type or pick the order's code and
 * see the order (receiver, pack, amount due, state) before confirming; the attach still takes the code.
 */
export function AttachAction({ event }: { event: BankEvent }) {
  const t = useTranslations('adminPayments');
  const [open, setOpen] = useState(false);
  const amount = formatVnd(event.amount);
  const attach = useAttachBankEvent();
  const form = useForm<AttachValues, unknown, AttachBody>({
    resolver: schemaResolver(attachBankEventBodySchema, (values: AttachValues) => values),
    defaultValues: { code: '', note: '' },
    shouldFocusError: false,
  });
  const typed = (useWatch({ control: form.control, name: 'code' }) ?? '').trim().toUpperCase();
  const settled = useSettled(typed);
  const preview = useAttachPreview(event.id, open && settled.length <= 36 ? settled : '');
  const field = fieldsOf(form, `attach-${event.id}`, (name) => (name === 'code' ? t('bank.attachCode') : t('note')));
  const codeField = field('code');
  // An unknown code is said under the field as the attach would say it; other failures in the same place.
  const lookupError =
    preview.error && settled === typed
      ? preview.error instanceof ApiError && preview.error.errors.code?.[0]
        ? preview.error.errors.code[0]
        : messageOf(preview.error, t('failed'))
      : undefined;
  const submit = confirmForm(form, (body) => attach.mutateAsync({ id: event.id, body }));
  const show = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset();
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('bank.attach')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={show}
        title={t('bank.attachTitle')}
        description={t('bank.attachText', { amount })}
        pending={attach.isPending}
        onConfirm={submit}
        done={() => t('bank.attached', { amount, code: form.getValues('code').trim().toUpperCase() })}
        failed={t('failed')}
      >
        <Suggestions
          eventId={event.id}
          open={open}
          picked={typed}
          onPick={(code) => form.setValue('code', code, { shouldDirty: true, shouldValidate: true })}
        />
        <InputField
          className="mt-3"
          autoCapitalize="characters"
          autoComplete="off"
          controlClassName="font-mono"
          hint={t('bank.attachCodeHint')}
          {...codeField}
          error={codeField.error ?? lookupError}
        />
        {preview.isFetching && !preview.data && <Spinner />}
        {preview.data && settled === typed && <AttachPreview order={preview.data} amount={event.amount} />}
        <NoteField {...field('note')} />
      </ConfirmDialog>
    </>
  );
}
