'use client';

import type { Me } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { publicConfig } from '@/config';
import type { Credentials } from './credentials-form';
import { LoginForm } from './login-form';
import { SocialButtons } from './social-buttons';

/** "Quên mật khẩu?" and "Đăng ký" under the form; following one closes the dialog. */
function AccountLinks({ onNavigate }: { onNavigate: () => void }) {
  const t = useTranslations('auth.accountLinks');
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
      <Link href="/quen-mat-khau" onClick={onNavigate} className="font-semibold text-royal underline">
        {t('forgot')}
      </Link>
      <span className="text-ink/80">
        {t('noAccount')}{' '}
        <Link href="/dang-ky" onClick={onNavigate} className="font-semibold text-royal underline">
          {t('signUp')}
        </Link>
      </span>
    </div>
  );
}

/**
 * The sign-in dialog itself: a centred modal at 768 px and wider, a bottom drawer below. Loaded on
 * demand by LoginDialog (login-dialog.tsx), with the form library and the schemas it brings.
 */
export default function SignInDialog({
  open,
  onOpenChange,
  onSuccess,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSuccess: (user: Me) => void;
}) {
  const t = useTranslations('auth');
  const [linking, setLinking] = useState(false);
  const [codeAsked, setCodeAsked] = useState<Credentials | null>(null);
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => {
        // A closed dialog forgets the credentials waiting for their code.
        if (!next) setCodeAsked(null);
        onOpenChange(next);
      }}
      title={t('title')}
    >
      {/* The second-factor step belongs to the password just entered: no other way in is offered there. */}
      {!codeAsked && <SocialButtons onLinkingChange={setLinking} onSuccess={onSuccess} />}
      {!linking && (
        <>
          {!codeAsked && (
            <div className="my-4 flex items-center gap-3 text-xs font-semibold text-ink/70 uppercase">
              <span className="h-px flex-1 bg-ink/15" />
              {t('separator', { brand: publicConfig.brand })}
              <span className="h-px flex-1 bg-ink/15" />
            </div>
          )}
          <LoginForm onSuccess={onSuccess} codeAsked={codeAsked} setCodeAsked={setCodeAsked} />
          {!codeAsked && <AccountLinks onNavigate={() => onOpenChange(false)} />}
        </>
      )}
    </ResponsiveDialog>
  );
}
