'use client';

import { useTranslations } from 'next-intl';

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const t = useTranslations('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="mt-4 flex items-center justify-between text-sm">
      <span className="text-ink/70">{t('total', { total })}</span>
      <div className="flex items-center gap-2">
        <button
          type="button"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          className="rounded-lg px-3 py-1.5 ring-1 ring-ink/15 disabled:opacity-40"
        >
          {t('previous')}
        </button>
        <span>{t('pageOf', { page, pages })}</span>
        <button
          type="button"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          className="rounded-lg px-3 py-1.5 ring-1 ring-ink/15 disabled:opacity-40"
        >
          {t('next')}
        </button>
      </div>
    </div>
  );
}
