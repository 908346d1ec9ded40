'use client';

import type { Me } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useState, type ReactElement } from 'react';
import { publicConfig } from '@/config';
import { useMounted } from '@/lib/use-media-query';
import { ResponsiveDialog } from '../ui/responsive-dialog';
import { LoginForm } from './login-form';
import { SocialButtons } from './social-buttons';

interface LoginDialogProps {
  /** Renders the trigger; receives the function that opens the dialog. */
  trigger?: (open: () => void) => ReactElement;
  /** Open initially. */
  show?: boolean;
  onSuccess?: (user: Me) => void;
}

/** The sign-in dialog: a centred modal at 768 px and wider, a bottom drawer below; rendered after mount. */
export function LoginDialog({ trigger, show = false, onSuccess }: LoginDialogProps) {
  const t = useTranslations('auth');
  const mounted = useMounted();
  const [open, setOpen] = useState(show);
  const [linking, setLinking] = useState(false);
  if (!mounted) return null;

  return (
    <>
      {trigger?.(() => setOpen(true))}
      <ResponsiveDialog open={open} onOpenChange={setOpen} title={t('title')}>
        <SocialButtons
          onLinkingChange={setLinking}
          onSuccess={(user) => {
            setOpen(false);
            onSuccess?.(user);
          }}
        />
        {!linking && (
          <>
            <div className="my-4 flex items-center gap-3 text-xs font-semibold text-ink/70 uppercase">
              <span className="h-px flex-1 bg-ink/15" />
              {t('separator', { brand: publicConfig.brand })}
              <span className="h-px flex-1 bg-ink/15" />
            </div>
            <LoginForm
              onSuccess={(user) => {
                setOpen(false);
                onSuccess?.(user);
              }}
            />
          </>
        )}
      </ResponsiveDialog>
    </>
  );
}
