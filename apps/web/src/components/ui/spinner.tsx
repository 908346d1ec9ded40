import { useTranslations } from 'next-intl';

export function Spinner({ className = 'size-4' }: { className?: string }) {
  const t = useTranslations('common');
  return (
    <span
      role="status"
      aria-label={t('working')}
      className={`inline-block animate-spin rounded-full border-2 border-current border-t-transparent ${className}`}
    />
  );
}
