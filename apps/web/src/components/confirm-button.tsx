'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { ApiError, AwaitingApproval, messageOf } from '@/lib/api-client';
import { ApprovalPendingNotice } from './approval-pending-notice';
import { Button, type ButtonVariant } from './ui/button';
import { ResponsiveDialog } from './ui/responsive-dialog';
import { Spinner } from './ui/spinner';

interface ConfirmProps<R> {
  title: string;
  description: ReactNode;
  onConfirm: () => Promise<R>;
  done?: (result: Exclude<R, AwaitingApproval>) => string;
  failed: string;
  pending?: boolean;
  children?: ReactNode;
}

/**
 * Every change to money, codes or what players see asks first, then reports its outcome: `done` is
 * toasted on success and the dialog closes; a refusal is toasted (the API's message, or `failed`)
 * unless it names fields, which the dialog's own fields then show. An action that now waits for
 * another admin's approval (`AwaitingApproval`) keeps the dialog open, saying so with a link to the
 * waiting requests.
 */
export function ConfirmButton<R>({
  label,
  variant = 'secondary',
  ...confirm
}: ConfirmProps<R> & { label: string; variant?: ButtonVariant }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog open={open} onOpenChange={setOpen} {...confirm} />
    </>
  );
}

/** The same question, opened by its caller: a form that checks its fields first, then asks. */
export function ConfirmDialog<R>({
  open,
  onOpenChange,
  title,
  description,
  onConfirm,
  done,
  failed,
  pending,
  children,
}: ConfirmProps<R> & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations('admin');
  const [waiting, setWaiting] = useState<AwaitingApproval | null>(null);
  const show = (next: boolean) => {
    onOpenChange(next);
    if (!next) setWaiting(null);
  };
  const confirm = () =>
    onConfirm().then(
      (result) => {
        if (result instanceof AwaitingApproval) return setWaiting(result);
        if (done) toast.success(done(result as Exclude<R, AwaitingApproval>));
        onOpenChange(false);
      },
      (error: unknown) => {
        if (!(error instanceof ApiError && Object.keys(error.errors).length)) toast.error(messageOf(error, failed));
      },
    );
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={show}
      title={title}
      footer={
        waiting ? (
          <Button variant="outline" onClick={() => show(false)}>
            {t('close')}
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={() => show(false)}>
              {t('cancel')}
            </Button>
            <Button disabled={pending} onClick={() => void confirm()}>
              {pending && <Spinner />}
              {t('confirm')}
            </Button>
          </>
        )
      }
    >
      {waiting ? (
        <ApprovalPendingNotice message={waiting.message} />
      ) : (
        <>
          <div className="text-sm text-ink/80">{description}</div>
          {children}
        </>
      )}
    </ResponsiveDialog>
  );
}
