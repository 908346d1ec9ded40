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
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { fromVietnamInput, toVietnamInput } from '@/lib/format';

type Mode = 'create' | 'edit' | 'batch';
type BodyOf<M extends Mode> = M extends 'create'
  ? GiftCodeCreateBody
  : M extends 'edit'
    ? GiftCodeUpdateBody
    : GiftCodeBatchBody;

interface FormState {
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

const emptyState: FormState = {
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

const stateOf = (code: GiftCodeSummary): FormState => ({
  ...emptyState,
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

const inputClass = (invalid: boolean) =>
  `w-full rounded-xl bg-white px-3 py-2 text-base ring-1 outline-none focus:ring-2 focus:ring-royal ${
    invalid ? 'ring-ruby' : 'ring-ink/15'
  }`;

function Field({
  label,
  htmlFor,
  error,
  hint,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      {children}
      {hint && !error && <p className="mt-1 text-xs text-ink/70">{hint}</p>}
      {error && (
        <p role="alert" className="mt-1 text-sm text-ruby">
          {error}
        </p>
      )}
    </div>
  );
}

function Check({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm font-semibold">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-royal"
      />
      {label}
    </label>
  );
}

/**
 * One form for the three staff writes of a gift code: create one, edit one, generate a batch.
 * The body is checked with the very schema the API validates with, then the API's own field
 * errors (if any) land on the same fields.
 */
export function GiftCodeForm<M extends Mode>({
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
  const [state, setState] = useState<FormState>(() => (initial ? stateOf(initial) : emptyState));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setState((old) => ({ ...old, [key]: value }));
    // A field that was just changed no longer shows its old error.
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([path]) => path.split('.')[0] !== key)));
  };

  const build = () => {
    const rules = {
      name: state.name,
      rewards: state.rewards.map((reward) => ({ itemId: reward.itemId, quantity: numberOf(reward.quantity) })),
      maxUses: state.unlimited ? null : numberOf(state.maxUses),
      startsAt: fromVietnamInput(state.startsAt),
      expiresAt: fromVietnamInput(state.expiresAt),
      newPlayerOnly: state.newPlayerOnly,
      allowedShortIds: state.allowedShortIds.split(/[\s,;]+/).filter(Boolean),
      active: state.active,
    };
    if (mode === 'batch') {
      return giftCodeBatchSchema.safeParse({ ...rules, prefix: state.prefix, count: numberOf(state.count) });
    }
    if (mode === 'edit') return giftCodeUpdateSchema.safeParse({ ...rules, id: initial?.id, code: state.code });
    return giftCodeCreateSchema.safeParse({ ...rules, code: state.code });
  };

  const submit = async () => {
    const parsed = build();
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      toast.error(t('invalid'));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await onSubmit(parsed.data as BodyOf<M>);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([key, messages]) => [key, messages[0] ?? ''])));
        toast.error(error.message);
      } else toast.error(tOps('failed'));
    } finally {
      setPending(false);
    }
  };

  const id = (name: string) => `gift-code-${mode}-${name}`;
  const rewardRows = state.rewards;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6"
    >
      {mode === 'batch' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('prefix')} htmlFor={id('prefix')} error={errors.prefix} hint={t('prefixHint')}>
            <input
              id={id('prefix')}
              value={state.prefix}
              onChange={(event) => set('prefix', event.target.value)}
              className={`${inputClass(Boolean(errors.prefix))} font-mono uppercase`}
              autoComplete="off"
            />
          </Field>
          <Field label={t('count')} htmlFor={id('count')} error={errors.count}>
            <input
              id={id('count')}
              type="number"
              inputMode="numeric"
              min={1}
              max={10000}
              value={state.count}
              onChange={(event) => set('count', event.target.value)}
              className={inputClass(Boolean(errors.count))}
            />
          </Field>
        </div>
      ) : (
        <Field label={t('code')} htmlFor={id('code')} error={errors.code} hint={t('codeHint')}>
          <input
            id={id('code')}
            value={state.code}
            onChange={(event) => set('code', event.target.value)}
            className={`${inputClass(Boolean(errors.code))} font-mono uppercase`}
            autoComplete="off"
          />
        </Field>
      )}

      <Field label={t('name')} htmlFor={id('name')} error={errors.name}>
        <input
          id={id('name')}
          value={state.name}
          onChange={(event) => set('name', event.target.value)}
          className={inputClass(Boolean(errors.name))}
        />
      </Field>

      <fieldset>
        <legend className="mb-1 text-sm font-semibold">{t('rewards')}</legend>
        <ul className="space-y-2">
          {rewardRows.map((reward, index) => (
            <li key={index} className="grid grid-cols-[1fr_6.5rem_auto] items-start gap-2">
              <div>
                <input
                  aria-label={`${t('itemId')} ${index + 1}`}
                  placeholder={t('itemId')}
                  value={reward.itemId}
                  onChange={(event) =>
                    set(
                      'rewards',
                      rewardRows.map((row, at) => (at === index ? { ...row, itemId: event.target.value } : row)),
                    )
                  }
                  className={`${inputClass(Boolean(errors[`rewards.${index}.itemId`]))} font-mono`}
                />
                {errors[`rewards.${index}.itemId`] && (
                  <p role="alert" className="mt-1 text-sm text-ruby">
                    {errors[`rewards.${index}.itemId`]}
                  </p>
                )}
              </div>
              <div>
                <input
                  aria-label={`${t('quantity')} ${index + 1}`}
                  placeholder={t('quantity')}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={reward.quantity}
                  onChange={(event) =>
                    set(
                      'rewards',
                      rewardRows.map((row, at) => (at === index ? { ...row, quantity: event.target.value } : row)),
                    )
                  }
                  className={inputClass(Boolean(errors[`rewards.${index}.quantity`]))}
                />
                {errors[`rewards.${index}.quantity`] && (
                  <p role="alert" className="mt-1 text-sm text-ruby">
                    {errors[`rewards.${index}.quantity`]}
                  </p>
                )}
              </div>
              <button
                type="button"
                aria-label={t('removeReward', { index: index + 1 })}
                disabled={rewardRows.length === 1}
                onClick={() =>
                  set(
                    'rewards',
                    rewardRows.filter((_, at) => at !== index),
                  )
                }
                className="mt-1 rounded-lg px-2 py-1.5 text-ruby ring-1 ring-ink/15 disabled:opacity-30"
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
        {errors.rewards && (
          <p role="alert" className="mt-1 text-sm text-ruby">
            {errors.rewards}
          </p>
        )}
        <button
          type="button"
          onClick={() => set('rewards', [...rewardRows, { itemId: '', quantity: '1' }])}
          className="mt-2 rounded-lg px-3 py-1.5 text-sm font-semibold text-royal ring-1 ring-royal/40"
        >
          + {t('addReward')}
        </button>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('maxUses')} htmlFor={id('maxUses')} error={errors.maxUses}>
          <input
            id={id('maxUses')}
            type="number"
            inputMode="numeric"
            min={1}
            disabled={state.unlimited}
            value={state.unlimited ? '' : state.maxUses}
            onChange={(event) => set('maxUses', event.target.value)}
            className={`${inputClass(Boolean(errors.maxUses))} disabled:bg-ink/5`}
          />
          <div className="mt-2">
            <Check
              id={id('unlimited')}
              label={t('unlimited')}
              checked={state.unlimited}
              onChange={(checked) => set('unlimited', checked)}
            />
          </div>
        </Field>
        <div className="space-y-3 sm:pt-6">
          <Check
            id={id('newPlayerOnly')}
            label={t('newPlayerOnly')}
            checked={state.newPlayerOnly}
            onChange={(checked) => set('newPlayerOnly', checked)}
          />
          <Check
            id={id('active')}
            label={t('active')}
            checked={state.active}
            onChange={(checked) => set('active', checked)}
          />
        </div>
        <Field label={t('startsAt')} htmlFor={id('startsAt')} error={errors.startsAt}>
          <input
            id={id('startsAt')}
            type="datetime-local"
            value={state.startsAt}
            onChange={(event) => set('startsAt', event.target.value)}
            className={inputClass(Boolean(errors.startsAt))}
          />
        </Field>
        <Field label={t('expiresAt')} htmlFor={id('expiresAt')} error={errors.expiresAt}>
          <input
            id={id('expiresAt')}
            type="datetime-local"
            value={state.expiresAt}
            onChange={(event) => set('expiresAt', event.target.value)}
            className={inputClass(Boolean(errors.expiresAt))}
          />
        </Field>
      </div>

      <Field
        label={t('allowedShortIds')}
        htmlFor={id('allowedShortIds')}
        error={
          errors.allowedShortIds ?? Object.entries(errors).find(([key]) => key.startsWith('allowedShortIds.'))?.[1]
        }
        hint={t('allowedHint')}
      >
        <textarea
          id={id('allowedShortIds')}
          rows={2}
          value={state.allowedShortIds}
          onChange={(event) => set('allowedShortIds', event.target.value)}
          className={`${inputClass(Boolean(errors.allowedShortIds))} font-mono`}
        />
      </Field>

      <div className="flex justify-end">
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {pending && <Spinner />}
          {mode === 'batch' ? t('generate') : mode === 'edit' ? t('save') : t('create')}
        </Button>
      </div>
    </form>
  );
}
