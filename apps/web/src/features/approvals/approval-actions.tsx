'use client';

import { approvalRejectBodySchema, type Approval } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmButton } from '@/components/confirm-button';
import { TextAreaField } from '@/components/form/fields';
import { confirmForm, fieldsOf, schemaResolver } from '@/components/form/schema-form';
import { useDecide } from './api';
import { ApprovalEffect } from './approval-effect';

type RejectValues = z.input<typeof approvalRejectBodySchema>;
type RejectBody = z.output<typeof approvalRejectBodySchema>;

/** Another admin's request: carried out at once on "Duyệt", after a dialog repeating what it does. */
function ApproveAction({ approval }: { approval: Approval }) {
  const t = useTranslations('admin.approvals');
  const decide = useDecide();
  return (
    <ConfirmButton
      label={t('approve')}
      title={t('approveTitle')}
      description={
        <>
          <p>{t('approveText')}</p>
          <p className="mt-2 rounded-xl bg-white p-3 font-semibold text-ink ring-1 ring-ink/10">{approval.summary}</p>
          {approval.effect && <ApprovalEffect effect={approval.effect} />}
        </>
      }
      pending={decide.isPending}
      onConfirm={() => decide.mutateAsync({ id: approval.id, verdict: 'approve' })}
      done={({ message }) => message ?? t('approved')}
      failed={t('failed')}
    />
  );
}

/** "Từ chối", or for the requester "Rút yêu cầu" (its own call, open to finance too), with a reason the form requires. */
function RejectAction({ approval, withdraw }: { approval: Approval; withdraw: boolean }) {
  const t = useTranslations('admin.approvals');
  const decide = useDecide();
  const form = useForm<RejectValues, unknown, RejectBody>({
    resolver: schemaResolver(approvalRejectBodySchema, (values: RejectValues) => values),
    defaultValues: { reason: '' },
    shouldFocusError: false,
  });
  const field = fieldsOf(form, `reject-${approval.id}`, () => t(withdraw ? 'withdrawReason' : 'rejectReason'));
  const verdict = withdraw ? 'withdraw' : 'reject';
  const submit = confirmForm(form, ({ reason }) => decide.mutateAsync({ id: approval.id, verdict, reason }));
  return (
    <ConfirmButton
      variant="outline"
      label={t(withdraw ? 'withdraw' : 'reject')}
      title={t(withdraw ? 'withdrawTitle' : 'rejectTitle')}
      description={
        <>
          <p className="rounded-xl bg-white p-3 font-semibold text-ink ring-1 ring-ink/10">{approval.summary}</p>
          <p className="mt-2">{t(withdraw ? 'withdrawText' : 'rejectText')}</p>
        </>
      }
      pending={decide.isPending}
      onConfirm={submit}
      done={({ message }) => message ?? t(withdraw ? 'withdrawn' : 'rejected')}
      failed={t('failed')}
    >
      <TextAreaField className="mt-3" rows={3} required {...field('reason')} />
    </ConfirmButton>
  );
}

/** What a member may do with a waiting request: an admin approves or rejects another's; a requester withdraws their own. */
export function ApprovalActions({ approval }: { approval: Approval }) {
  return (
    <div className="flex flex-wrap gap-2">
      {!approval.mine && <ApproveAction approval={approval} />}
      <RejectAction approval={approval} withdraw={approval.mine} />
    </div>
  );
}
