'use client';

import { refundBodySchema, type BankEvent, type RefundBody } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { ConfirmButton } from '@/components/confirm-button';
import { InputField } from '@/components/form/fields';
import { confirmForm, fieldsOf, schemaResolver } from '@/components/form/schema-form';
import { formatVnd } from '@/lib/format';
import { useRefundBankEvent } from '../api/staff';
import { NoteField } from './payment-badges';

interface RefundValues {
  amount: string;
  bankReference: string;
  reason: string;
}

/**
 * An admin records money sent back to the payer: amount, the outgoing transfer's reference, a reason.
 * On the bank payments page and on the order page; past the member's threshold it waits for approval.
 */
export function RefundAction({ event }: { event: BankEvent }) {
  const t = useTranslations('adminPayments');
  // What the event still holds: neither paid for a delivered pack nor sent back.
  const left = event.heldAmount;
  const refund = useRefundBankEvent();
  const form = useForm<RefundValues, unknown, RefundBody>({
    // An empty amount is "no number" (the schema then asks for one), not zero.
    resolver: schemaResolver(refundBodySchema, (values: RefundValues) => ({
      ...values,
      amount: values.amount === '' ? undefined : values.amount,
    })),
    defaultValues: { amount: String(left), bankReference: '', reason: '' },
    shouldFocusError: false,
  });
  const labels = {
    amount: t('bank.refundAmount'),
    bankReference: t('bank.refundReference'),
    reason: t('bank.refundReason'),
  };
  const field = fieldsOf(form, `refund-${event.id}`, (name) => labels[name]);
  const amountField = field('amount');
  const submit = confirmForm(form, (body) => refund.mutateAsync({ id: event.id, body }));
  return (
    <ConfirmButton
      variant="outline"
      label={t('bank.refund')}
      title={t('bank.refundTitle')}
      description={t('bank.refundText', { amount: formatVnd(event.amount), left: formatVnd(left) })}
      pending={refund.isPending}
      onConfirm={submit}
      done={(recorded) => t('bank.refundDone', { amount: formatVnd(recorded.amount) })}
      failed={t('failed')}
    >
      <InputField
        className="mt-3"
        inputMode="numeric"
        autoComplete="off"
        {...amountField}
        // Digits only, as typed: "50.000" (a Vietnamese thousands dot) is 50000 đ, never 50.
        onChange={(input) => {
          input.target.value = input.target.value.replace(/\D/g, '');
          return amountField.onChange(input);
        }}
      />
      <InputField className="mt-3" autoComplete="off" {...field('bankReference')} />
      <NoteField {...field('reason')} />
    </ConfirmButton>
  );
}
