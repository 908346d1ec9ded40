'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Drawer } from 'vaul';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { CloseIcon } from './icons';

interface ResponsiveDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons: in the dialog footer on wide screens, in the drawer footer on narrow ones. */
  footer?: ReactNode;
  /** When false, an outside click or drag does not close it (Escape and the close button still do). */
  dismissible?: boolean;
  className?: string;
}

/** A centred dialog at 768 px and wider, a bottom drawer (vaul) below. */
export function ResponsiveDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  dismissible = true,
  className = '',
}: ResponsiveDialogProps) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const tc = useTranslations('common');

  if (desktop) {
    return (
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
          <Dialog.Content
            onInteractOutside={(event) => {
              if (!dismissible) event.preventDefault();
            }}
            className={`fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-cream p-6 shadow-2xl ring-4 ring-gold/60 ${className}`}
          >
            <Dialog.Title className="px-8 text-center text-2xl font-black tracking-wide text-ink">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="mt-1 text-center text-sm text-ink/70">{description}</Dialog.Description>
            ) : (
              <Dialog.Description className="sr-only">{title}</Dialog.Description>
            )}
            <Dialog.Close
              aria-label={tc('close')}
              className="absolute top-4 right-4 rounded-full p-1 text-ink/70 hover:bg-ink/10"
            >
              <CloseIcon />
            </Dialog.Close>
            <div className="mt-4">{children}</div>
            {footer && <div className="mt-6 flex justify-end gap-3">{footer}</div>}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    );
  }

  return (
    <Drawer.Root open={open} onOpenChange={onOpenChange} dismissible={dismissible} closeThreshold={0.25}>
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Drawer.Content
          className={`fixed inset-x-0 bottom-0 z-50 flex max-h-[92vh] flex-col rounded-t-3xl bg-cream ring-4 ring-gold/60 ${className}`}
        >
          {/* The handle and the title stay put; only the body below them scrolls, never under the handle. */}
          <div className="shrink-0 border-b border-ink/10 px-5 pt-3 pb-3">
            <div aria-hidden="true" className="mx-auto h-1.5 w-12 rounded-full bg-ink/20" />
            <Drawer.Title className="mt-3 px-8 text-center text-xl font-black tracking-wide text-ink">
              {title}
            </Drawer.Title>
            {description ? (
              <Drawer.Description className="mt-1 text-center text-sm text-ink/70">{description}</Drawer.Description>
            ) : (
              <Drawer.Description className="sr-only">{title}</Drawer.Description>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pt-4 pb-4">{children}</div>
          {footer && <div className="flex gap-3 border-t border-ink/10 px-5 py-4 [&>*]:flex-1">{footer}</div>}
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
