'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { Spinner } from '@/components/ui/spinner';

/** Every destructive action asks first, then reports its outcome (the caller toasts). */
export function ConfirmButton({
  label,
  title,
  description,
  onConfirm,
  pending,
  variant = 'secondary',
  children,
}: {
  label: string;
  title: string;
  description: ReactNode;
  onConfirm: () => Promise<unknown>;
  pending?: boolean;
  variant?: ButtonVariant;
  children?: ReactNode;
}) {
  const t = useTranslations('admin');
  const [open, setOpen] = useState(false);
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
            <Button
              disabled={pending}
              onClick={async () => {
                await onConfirm()
                  .then(() => setOpen(false))
                  .catch(() => undefined);
              }}
            >
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
