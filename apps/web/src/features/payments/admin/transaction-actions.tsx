'use client';

import { createManualTransactionBodySchema, resetGoldPackagesBodySchema } from '@carabala/contracts';
import type { Pack } from '@carabala/contracts/catalogue';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { ApprovalPendingNotice } from '@/components/approval-pending-notice';
import { ConfirmButton } from '@/components/confirm-button';
import { InputField, SelectField } from '@/components/form/fields';
import { confirmForm, fieldsOf, putFieldErrors, schemaResolver } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { Spinner } from '@/components/ui/spinner';
import { AwaitingApproval, messageOf } from '@/lib/api-client';
import { formatVnd } from '@/lib/format';
import { useStorePacks } from '@/lib/store-packs';
import { useGrantPack, useResetGold } from '../api/staff';
import { GrantCharacter } from './grant-character';
import { NoteField } from './payment-badges';

type GrantBody = z.output<typeof createManualTransactionBodySchema>;
type ResetGoldBody = z.output<typeof resetGoldPackagesBodySchema>;

/** Every product id staff can grant from the store's packs: plain packs and each option of a selectable pack. */
const grantableOf = (packs: Pack[]) =>
  packs.flatMap((pack) =>
    pack.isSelect && pack.options
      ? pack.options.map((option) => ({ id: option.id, title: `${pack.title}: ${option.title}`, price: option.value }))
      : [{ id: pack.id, title: pack.title, price: pack.price }],
  );

interface GrantValues {
  shortId: string;
  productId: string;
  reason: string;
  /** The receiver's character, when their account has several (empty: none chosen). */
  serverId: string;
  characterId: string;
}

const grantDefaults: GrantValues = { shortId: '', productId: '', reason: '', serverId: '', characterId: '' };

/** The body: the character only once chosen. */
const grantBody = ({ serverId, characterId, ...values }: GrantValues) => ({
  ...values,
  ...(serverId ? { serverId } : {}),
  ...(characterId ? { characterId } : {}),
});

/**
 * Admin only (the API refuses staff): give a pack without payment, with a reason. The grant waits
 * for another admin's approval (decision record 030): the dialog then says so and links to it.
 */
export function GrantPackButton() {
  const t = useTranslations('adminPayments');
  const ta = useTranslations('admin');
  const [open, setOpen] = useState(false);
  const [waiting, setWaiting] = useState<AwaitingApproval | null>(null);
  const show = (next: boolean) => {
    setOpen(next);
    if (!next) setWaiting(null);
  };
  const grant = useGrantPack();
  const form = useForm<GrantValues, unknown, GrantBody>({
    resolver: schemaResolver(createManualTransactionBodySchema, grantBody),
    defaultValues: grantDefaults,
    shouldFocusError: false,
  });
  const labels: Record<keyof GrantValues, string> = {
    shortId: t('grant.shortId'),
    productId: t('grant.productId'),
    reason: t('grant.reason'),
    // Said by the character picker's own labels.
    serverId: '',
    characterId: '',
  };
  const grantable = grantableOf(useStorePacks(open).data?.packs ?? []);
  const first = grantable[0]?.id;
  // The first pack is chosen once the store's packs are read.
  useEffect(() => {
    if (first !== undefined && !form.getValues('productId')) form.setValue('productId', String(first));
  }, [first, form]);
  const field = fieldsOf(form, 'grant', (name) => labels[name]);
  const shortIdField = field('shortId');
  const submit = form.handleSubmit((body) =>
    grant.mutateAsync(body).then(
      (order) => {
        form.reset({ ...grantDefaults, productId: form.getValues('productId') });
        if (order instanceof AwaitingApproval) return setWaiting(order);
        toast.success(t('grant.done', { pack: order.productTitle, shortId: order.receiver.shortId }));
        setOpen(false);
      },
      (error: unknown) => {
        if (!putFieldErrors(error, form.setError)) toast.error(messageOf(error, t('failed')));
      },
    ),
  );
  return (
    <>
      <Button variant="outline" onClick={() => show(true)}>
        {t('transactions.grant')}
      </Button>
      <ResponsiveDialog
        open={open}
        onOpenChange={show}
        title={t('grant.title')}
        footer={
          waiting ? (
            <Button variant="outline" onClick={() => show(false)}>
              {ta('close')}
            </Button>
          ) : (
            <Button disabled={grant.isPending} onClick={() => void submit()}>
              {grant.isPending && <Spinner />}
              {t('grant.submit')}
            </Button>
          )
        }
      >
        {waiting ? (
          <ApprovalPendingNotice message={waiting.message} />
        ) : (
          <>
            <p className="text-sm text-ink/80">{t('grant.confirmText')}</p>
            <InputField
              className="mt-3"
              inputMode="numeric"
              autoComplete="off"
              {...shortIdField}
              onChange={(event) => {
                // A character chosen for another receiver never goes with this one.
                form.setValue('serverId', '');
                form.setValue('characterId', '');
                return shortIdField.onChange(event);
              }}
            />
            <GrantCharacter form={form} />
            <SelectField className="mt-3" {...field('productId')}>
              {grantable.map((pack) => (
                <option key={pack.id} value={pack.id}>
                  {pack.title} ({formatVnd(pack.price)})
                </option>
              ))}
            </SelectField>
            <NoteField {...field('reason')} />
          </>
        )}
      </ResponsiveDialog>
    </>
  );
}

/** Admin only: let players buy this month's gold packs again (one player, or everyone). */
export function ResetGoldButton() {
  const t = useTranslations('adminPayments');
  const reset = useResetGold();
  const form = useForm<{ shortId: string }, unknown, ResetGoldBody>({
    // An empty User ID means every player: the body then has none.
    resolver: schemaResolver(resetGoldPackagesBodySchema, ({ shortId }: { shortId: string }) =>
      shortId.trim() ? { shortId } : {},
    ),
    defaultValues: { shortId: '' },
    shouldFocusError: false,
  });
  const submit = confirmForm(form, async (body) => {
    const result = await reset.mutateAsync(body.shortId ?? '');
    form.reset({ shortId: '' });
    return result;
  });
  return (
    <ConfirmButton
      variant="outline"
      label={t('transactions.resetGold')}
      title={t('reset.title')}
      description={t('reset.text')}
      pending={reset.isPending}
      onConfirm={submit}
      done={({ released }) => t('reset.done', { released })}
      failed={t('failed')}
    >
      <InputField
        className="mt-3"
        inputMode="numeric"
        autoComplete="off"
        {...fieldsOf(form, 'reset', () => t('reset.shortId'))('shortId')}
      />
    </ConfirmButton>
  );
}
