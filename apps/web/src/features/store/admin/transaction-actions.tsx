'use client';

import { catalogue } from '@carabala/contracts/catalogue';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmButton } from '@/components/confirm-button';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { ApiError, fieldErrorOf, messageOf } from '@/lib/api-client';
import { formatVnd } from '@/lib/format';
import { useGrantPack, useResetGold } from '../api/staff';
import { NoteField } from './payment-badges';

/** Every product id staff can grant: plain packs and each option of a selectable pack. */
const grantable = catalogue.flatMap((pack) =>
  pack.isSelect && pack.options
    ? pack.options.map((option) => ({ id: option.id, title: `${pack.title}: ${option.title}`, price: option.value }))
    : [{ id: pack.id, title: pack.title, price: pack.price }],
);

/** Admin only (the API refuses staff): give a pack without payment, with a reason. */
export function GrantPackButton() {
  const t = useTranslations('adminPayments');
  const [open, setOpen] = useState(false);
  const [shortId, setShortId] = useState('');
  const [productId, setProductId] = useState(String(grantable[0]!.id));
  const [reason, setReason] = useState('');
  const grant = useGrantPack();
  const submit = () =>
    grant.mutate(
      { shortId, productId: Number(productId), reason },
      {
        onSuccess: (order) => {
          toast.success(t('grant.done', { pack: order.productTitle, shortId: order.receiver.shortId }));
          setOpen(false);
          setShortId('');
          setReason('');
        },
        onError: (error) => {
          if (!(error instanceof ApiError && Object.keys(error.errors).length))
            toast.error(messageOf(error, t('failed')));
        },
      },
    );
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {t('transactions.grant')}
      </Button>
      <ResponsiveDialog
        open={open}
        onOpenChange={setOpen}
        title={t('grant.title')}
        footer={
          <Button disabled={grant.isPending} onClick={submit}>
            {grant.isPending && <Spinner />}
            {t('grant.submit')}
          </Button>
        }
      >
        <p className="text-sm text-ink/80">{t('grant.confirmText')}</p>
        <TextField
          id="grant-short-id"
          className="mt-3"
          label={t('grant.shortId')}
          value={shortId}
          inputMode="numeric"
          onChange={(event) => setShortId(event.target.value)}
          error={fieldErrorOf(grant.error, 'shortId')}
        />
        <label className="mt-3 block text-sm font-semibold">
          {t('grant.productId')}
          <select
            value={productId}
            onChange={(event) => setProductId(event.target.value)}
            className="mt-1 block w-full rounded-xl border-2 border-ink/15 bg-white px-3 py-2.5 text-base font-normal"
          >
            {grantable.map((pack) => (
              <option key={pack.id} value={pack.id}>
                {pack.title} ({formatVnd(pack.price)})
              </option>
            ))}
          </select>
        </label>
        <NoteField
          label={t('grant.reason')}
          value={reason}
          onChange={setReason}
          placeholder={t('notePlaceholder')}
          error={fieldErrorOf(grant.error, 'reason')}
        />
      </ResponsiveDialog>
    </>
  );
}

/** Admin only: let players buy this month's gold packs again (one player, or everyone). */
export function ResetGoldButton() {
  const t = useTranslations('adminPayments');
  const [shortId, setShortId] = useState('');
  const reset = useResetGold();
  return (
    <ConfirmButton
      variant="outline"
      label={t('transactions.resetGold')}
      title={t('reset.title')}
      description={t('reset.text')}
      pending={reset.isPending}
      onConfirm={async () => {
        const result = await reset.mutateAsync(shortId);
        setShortId('');
        return result;
      }}
      done={({ released }) => t('reset.done', { released })}
      failed={t('failed')}
    >
      <TextField
        id="reset-short-id"
        className="mt-3"
        label={t('reset.shortId')}
        value={shortId}
        inputMode="numeric"
        onChange={(event) => setShortId(event.target.value)}
      />
    </ConfirmButton>
  );
}
