'use client';

import { createManualTransactionBodySchema, resetGoldPackagesBodySchema, type UserLookup } from '@carabala/contracts';
import type { Pack } from '@carabala/contracts/catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { ApprovalPendingNotice } from '@/components/approval-pending-notice';
import { CharacterLine, chosenCharacter } from '@/components/character-picker';
import { ConfirmButton } from '@/components/confirm-button';
import { InputField, SelectField } from '@/components/form/fields';
import { confirmForm, fieldsOf, putFieldErrors, schemaResolver } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { Spinner } from '@/components/ui/spinner';
import { AwaitingApproval, messageOf } from '@/lib/api-client';
import { formatVnd } from '@/lib/format';
import { useStorePacks } from '@/lib/store-packs';
import { grantReceiverQuery, useGrantPack, useResetGold } from '../api/staff';
import { GrantReceiver } from './grant-receiver';
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

/** What the dialog asks to confirm: the checked body, the receiver it names and the pack's line. */
interface GrantReview {
  body: GrantBody;
  receiver: UserLookup;
  pack: string;
}

/** The grant as it will be asked: who receives it (name, User ID, character), which pack, why. */
function GrantSummary({ review }: { review: GrantReview }) {
  const t = useTranslations('adminPayments.grant');
  const { body, receiver, pack } = review;
  const character = chosenCharacter(receiver.servers, {
    serverId: body.serverId ?? '',
    characterId: body.characterId ?? '',
  });
  return (
    <section data-testid="grant-confirm">
      <p className="text-sm font-semibold">{t('confirmQuestion')}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl bg-ink/5 p-3 text-sm">
        <dt className="text-ink/70">{t('receiver')}</dt>
        <dd className="min-w-0 font-semibold break-words">
          {t('receiverLine', { name: receiver.displayName, shortId: receiver.shortId })}
          <CharacterLine character={character} className="font-normal" as="span" />
        </dd>
        <dt className="text-ink/70">{t('pack')}</dt>
        <dd className="min-w-0 font-semibold break-words">{pack}</dd>
        <dt className="text-ink/70">{t('reason')}</dt>
        <dd className="min-w-0 break-words">{body.reason}</dd>
      </dl>
      <p className="mt-3 text-sm text-ink/70">{t('confirmText')}</p>
    </section>
  );
}

/**
 * Admin only (the API refuses staff): give a pack without payment, with a reason. The dialog names the
 * receiver as the User ID is typed, then asks to confirm who gets which pack before sending. The grant
 * waits for another admin's approval (decision record 030): the dialog then says so and links to it.
 */
export function GrantPackButton() {
  const t = useTranslations('adminPayments');
  const ta = useTranslations('admin');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [review, setReview] = useState<GrantReview | null>(null);
  const [waiting, setWaiting] = useState<AwaitingApproval | null>(null);
  const show = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setWaiting(null);
      setReview(null);
    }
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
  const refused = (error: unknown) => {
    if (!putFieldErrors(error, form.setError)) toast.error(messageOf(error, t('failed')));
  };
  // The fields checked, the receiver read again (a User ID naming nobody is said under its field), then the question.
  const ask = form.handleSubmit((body) =>
    queryClient.fetchQuery(grantReceiverQuery(body.shortId)).then((receiver) => {
      const pack = grantable.find((entry) => entry.id === body.productId);
      setReview({ body, receiver, pack: pack ? `${pack.title} (${formatVnd(pack.price)})` : String(body.productId) });
    }, refused),
  );
  const send = (body: GrantBody) =>
    grant.mutateAsync(body).then(
      (order) => {
        setReview(null);
        form.reset({ ...grantDefaults, productId: form.getValues('productId') });
        if (order instanceof AwaitingApproval) return setWaiting(order);
        toast.success(t('grant.done', { pack: order.productTitle, shortId: order.receiver.shortId }));
        setOpen(false);
      },
      (error: unknown) => {
        setReview(null);
        refused(error);
      },
    );
  const footer = waiting ? (
    <Button variant="outline" onClick={() => show(false)}>
      {ta('close')}
    </Button>
  ) : review ? (
    <>
      <Button variant="outline" disabled={grant.isPending} onClick={() => setReview(null)}>
        {t('grant.back')}
      </Button>
      <Button disabled={grant.isPending} onClick={() => void send(review.body)}>
        {grant.isPending && <Spinner />}
        {t('grant.confirm')}
      </Button>
    </>
  ) : (
    <Button onClick={() => void ask()}>{t('grant.submit')}</Button>
  );
  return (
    <>
      <Button variant="outline" onClick={() => show(true)}>
        {t('transactions.grant')}
      </Button>
      <ResponsiveDialog open={open} onOpenChange={show} title={t('grant.title')} footer={footer}>
        {waiting ? (
          <ApprovalPendingNotice message={waiting.message} />
        ) : review ? (
          <GrantSummary review={review} />
        ) : (
          <>
            <p className="text-sm text-ink/80">{t('grant.intro')}</p>
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
            <GrantReceiver form={form} />
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
