'use client';

import { PHONE_VERIFICATION_PATH } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';

/**
 * The way to the phone verification page, under a refusal of the phone policy
 * (`api.phone.verification_required`, decision record 057): shared, as any feature may meet that refusal.
 */
export function PhoneVerifyLink() {
  const t = useTranslations('common');
  return (
    <Link
      href={PHONE_VERIFICATION_PATH}
      className="inline-block text-sm font-bold text-royal underline underline-offset-2"
      data-testid="phone-verify-link"
    >
      {t('phoneVerification')} →
    </Link>
  );
}
