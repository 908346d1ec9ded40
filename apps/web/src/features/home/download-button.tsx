'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { ExternalLink } from '@/components/external-link';
import { publicConfig } from '@/config';
import { pickDownload, type DownloadTarget } from './download';

const targets: Record<DownloadTarget, { href: string; badge: string; labelKey: string }> = {
  appStore: { href: publicConfig.appStoreUrl, badge: '/home/download/app-store.svg', labelKey: 'downloadAppStore' },
  apk: { href: publicConfig.apkUrl, badge: '/home/download/apk.svg', labelKey: 'downloadApk' },
  playStore: {
    href: publicConfig.playStoreUrl,
    badge: '/home/download/google-play.svg',
    labelKey: 'downloadPlayStore',
  },
};

const noSubscription = () => () => undefined;

/** The download badge that fits the visitor's device; the server renders the store link. */
export function DownloadButton() {
  const t = useTranslations('home');
  const target = useSyncExternalStore(
    noSubscription,
    () => pickDownload(navigator.userAgent, new Date().getTimezoneOffset()),
    (): DownloadTarget => 'playStore',
  );
  const { href, badge, labelKey } = targets[target];
  return (
    <ExternalLink
      href={href}
      data-testid="download-link"
      data-target={target}
      aria-label={t(labelKey)}
      className="inline-block transition hover:-translate-y-0.5"
    >
      <Image src={badge} alt={t(labelKey)} width={216} height={64} unoptimized />
    </ExternalLink>
  );
}
