'use client';

import {
  giftCodeBatchSchema,
  giftCodeCreateSchema,
  giftCodeUpdateSchema,
  type GiftCodeBatchBody,
  type GiftCodeCreateBody,
  type GiftCodeSummary,
  type GiftCodeUpdateBody,
} from '@carabala/contracts';
import { formatItems, type ItemNameMap } from '@carabala/contracts/labels';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { CheckboxField, InputField, TextAreaField } from '@/components/form/fields';
import { ConfirmDialog } from '@/components/confirm-button';
import { ItemRowsField } from '@/components/form/item-rows-field';
import { fieldsOf, putFieldErrors, schemaResolver } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { consoleTimeInput, fromVietnamInput, toVietnamInput } from '@/lib/format';
import { useItemNames } from '@/lib/item-names';

type Mode = 'create' | 'edit' | 'batch';
type BodyOf<M extends Mode> = M extends 'create'
  ? GiftCodeCreateBody
  : M extends 'edit'
    ? GiftCodeUpdateBody
    : GiftCodeBatchBody;

/** What the inputs hold; the resolver turns it into the request body. */
interface Values {
  code: string;
  prefix: string;
  count: string;
  name: string;
  rewards: { itemId: string; quantity: string }[];
  unlimited: boolean;
  maxUses: string;
  startsAt: string;
  expiresAt: string;
  newPlayerOnly: boolean;
  allowedShortIds: string;
  active: boolean;
}

const empty: Values = {
  code: '',
  prefix: '',
  count: '100',
  name: '',
  rewards: [{ itemId: '', quantity: '1' }],
  unlimited: false,
  maxUses: '1',
  startsAt: '',
  expiresAt: '',
  newPlayerOnly: false,
  allowedShortIds: '',
  active: true,
};

const valuesOf = (code: GiftCodeSummary): Values => ({
  ...empty,
  code: code.code,
  name: code.name,
  rewards: code.rewards.map((reward) => ({ itemId: reward.itemId, quantity: String(reward.quantity) })),
  unlimited: code.maxUses === null,
  maxUses: code.maxUses === null ? '' : String(code.maxUses),
  startsAt: toVietnamInput(code.startsAt),
  expiresAt: toVietnamInput(code.expiresAt),
  newPlayerOnly: code.newPlayerOnly,
  allowedShortIds: code.allowedShortIds.join(', '),
  active: code.active,
});

/** An empty input is "no number" (the schema then says so), not zero. */
const numberOf = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** The body of each mode, checked with the very schema the API validates with. */
function bodyOf(mode: Mode, id: string | undefined, values: Values) {
  const rules = {
    name: values.name,
    rewards: values.rewards.map((reward) => ({ itemId: reward.itemId, quantity: numberOf(reward.quantity) })),
    maxUses: values.unlimited ? null : numberOf(values.maxUses),
    startsAt: fromVietnamInput(values.startsAt),
    expiresAt: fromVietnamInput(values.expiresAt),
    newPlayerOnly: values.newPlayerOnly,
    allowedShortIds: values.allowedShortIds.split(/[\s,;]+/).filter(Boolean),
    active: values.active,
  };
  if (mode === 'batch') return { ...rules, prefix: values.prefix, count: numberOf(values.count) };
  if (mode === 'edit') return { ...rules, id, code: values.code };
  return { ...rules, code: values.code };
}

const schemas: Record<Mode, z.ZodType<GiftCodeCreateBody | GiftCodeUpdateBody | GiftCodeBatchBody>> = {
  create: giftCodeCreateSchema,
  edit: giftCodeUpdateSchema,
  batch: giftCodeBatchSchema,
};

/** What the confirmation says of a code or a batch: its code (or prefix and count), name and rewards. */
const describe = (
  body: { name: string; rewards: { itemId: string; quantity: number }[] } & Record<string, unknown>,
  names: ItemNameMap | undefined,
) => ({
  code: String(body.code ?? ''),
  prefix: String(body.prefix ?? ''),
  count: Number(body.count ?? 0),
  name: body.name,
  rewards: formatItems(body.rewards, names),
});

type Described = ReturnType<typeof describe>;

/**
 * The staff's one form for the three writes of a gift code: create one, edit one, generate a batch.
 * Errors from the schema, then the API's own field errors, show under their fields.
 */
export function StaffGiftCodeForm<M extends Mode>({
  mode,
  initial,
  onSubmit,
}: {
  mode: M;
  initial?: GiftCodeSummary;
  onSubmit: (body: BodyOf<M>) => Promise<unknown>;
}) {
  const t = useTranslations('adminOps.giftCodes.form');
  const tOps = useTranslations('adminOps');
  const names = useItemNames();
  const form = useForm<Values, unknown, BodyOf<M>>({
    resolver: schemaResolver(schemas[mode] as z.ZodType<BodyOf<M>>, (values: Values) =>
      bodyOf(mode, initial?.id, values),
    ),
    defaultValues: initial ? valuesOf(initial) : empty,
    shouldFocusError: false,
  });
  const unlimited = useWatch({ control: form.control, name: 'unlimited' });
  const { errors } = form.formState;
  // Codes are what players redeem: the checked values are shown once more, then sent.
  const [asking, setAsking] = useState<BodyOf<M> | null>(null);
  const submit = form.handleSubmit(setAsking, () => toast.error(t('invalid')));
  const question = {
    create: { title: t('confirm.createTitle'), text: (v: Described) => t('confirm.createText', v) },
    edit: { title: t('confirm.editTitle'), text: (v: Described) => t('confirm.editText', v) },
    batch: { title: t('confirm.batchTitle'), text: (v: Described) => t('confirm.batchText', v) },
  }[mode as Mode];
  const [sending, setSending] = useState(false);
  const send = () => {
    setSending(true);
    return onSubmit(asking!)
      .then(
        () => setAsking(null),
        (error: unknown) => {
          // A refusal naming a field closes the question and shows under that field.
          if (!putFieldErrors(error, form.setError)) throw error;
          setAsking(null);
        },
      )
      .finally(() => setSending(false));
  };
  const id = (name: string) => `gift-code-${mode}-${name}`;
  const field = fieldsOf(form, `gift-code-${mode}`, (name) => t(name));
  const allowedError =
    errors.allowedShortIds?.message ??
    Object.values((errors.allowedShortIds ?? {}) as Record<string, { message?: string }>).find(
      (issue) => issue?.message,
    )?.message;

  return (
    <form noValidate onSubmit={submit} className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6">
      {mode === 'batch' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            {...field('prefix')}
            hint={t('prefixHint')}
            autoComplete="off"
            controlClassName="font-mono uppercase"
          />
          <InputField {...field('count')} type="number" inputMode="numeric" min={1} max={10000} />
        </div>
      ) : (
        <InputField {...field('code')} hint={t('codeHint')} autoComplete="off" controlClassName="font-mono uppercase" />
      )}

      <InputField {...field('name')} />

      <ItemRowsField form={form} name="rewards" legend={t('rewards')} idPrefix={id('reward')} />

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <InputField {...field('maxUses')} type="number" inputMode="numeric" min={1} disabled={unlimited} />
          <div className="mt-2">
            <CheckboxField id={id('unlimited')} label={t('unlimited')} {...form.register('unlimited')} />
          </div>
        </div>
        <div className="space-y-3 sm:pt-6">
          <CheckboxField id={id('newPlayerOnly')} label={t('newPlayerOnly')} {...form.register('newPlayerOnly')} />
          <CheckboxField id={id('active')} label={t('active')} {...form.register('active')} />
        </div>
        <InputField {...field('startsAt')} {...consoleTimeInput} />
        <InputField {...field('expiresAt')} {...consoleTimeInput} />
      </div>

      <TextAreaField
        {...field('allowedShortIds')}
        hint={t('allowedHint')}
        rows={2}
        error={allowedError}
        controlClassName="font-mono"
      />

      <div className="flex justify-end">
        <Button type="submit" className="w-full sm:w-auto">
          {mode === 'batch' ? t('generate') : mode === 'edit' ? t('save') : t('create')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={question.title}
        description={asking && question.text(describe(asking, names))}
        onConfirm={send}
        failed={tOps('failed')}
        pending={sending}
      />
    </form>
  );
}
