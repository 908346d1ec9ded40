'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { ApiError, messageOf } from '@/lib/api-client';
import { Button, type ButtonVariant } from './ui/button';
import { ResponsiveDialog } from './ui/responsive-dialog';
import { Spinner } from './ui/spinner';

/**
 * Every destructive action asks first, then reports its outcome: `done` is toasted on success and
 * the dialog closes; a refusal is toasted (the API's message, or `failed`) unless it names fields,
 * which the dialog's own fields then show.
 */
export function ConfirmButton<R>({
  label,
  title,
  description,
  onConfirm,
  done,
  failed,
  pending,
  variant = 'secondary',
  children,
}: {
  label: string;
  title: string;
  description: ReactNode;
  onConfirm: () => Promise<R>;
  done?: (result: R) => string;
  failed: string;
  pending?: boolean;
  variant?: ButtonVariant;
  children?: ReactNode;
}) {
  const t = useTranslations('admin');
  const [open, setOpen] = useState(false);
  const confirm = () =>
    onConfirm().then(
      (result) => {
        if (done) toast.success(done(result));
        setOpen(false);
      },
      (error: unknown) => {
        if (!(error instanceof ApiError && Object.keys(error.errors).length)) toast.error(messageOf(error, failed));
      },
    );
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ResponsiveDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
            <Button disabled={pending} onClick={() => void confirm()}>
              {pending && <Spinner />}
              {t('confirm')}
            </Button>
          </>
        }
      >
        <div className="text-sm text-ink/80">{description}</div>
        {children}
      </ResponsiveDialog>
    </>
  );
}
