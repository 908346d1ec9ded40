'use client';

import { useTranslations } from 'next-intl';
import { TableHead } from '@/components/data-table';
import { ListFrame } from '@/components/list-frame';
import { useUrlState } from '@/components/use-url-state';
import { formatVietnamTimeSeconds, vietnamDayBoundary } from '@/lib/format';
import { useAudit } from './api/staff';
import { AuditSentence } from './audit-sentence';

const PAGE_SIZE = 30;
const FILTERS = ['action', 'targetType', 'targetId', 'actorShortId', 'from', 'to'] as const;

export function AuditPage() {
  const t = useTranslations('admin.audit');
  const { values, page, update } = useUrlState(FILTERS);
  const query = useAudit({
    action: values.action || undefined,
    targetType: values.targetType || undefined,
    targetId: values.targetId || undefined,
    actorShortId: values.actorShortId || undefined,
    from: vietnamDayBoundary(values.from, false),
    to: vietnamDayBoundary(values.to, true),
    page,
    pageSize: PAGE_SIZE,
  });

  const field = (key: (typeof FILTERS)[number], type = 'text') => (
    <label className="flex flex-col text-xs font-semibold text-ink/70">
      {t(`filters.${key}`)}
      <input
        type={type}
        defaultValue={values[key]}
        onBlur={(event) => event.target.value !== values[key] && update({ [key]: event.target.value.trim() })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') update({ [key]: event.currentTarget.value.trim() });
        }}
        className="mt-1 rounded-lg bg-white px-2 py-1.5 text-sm font-normal text-ink ring-1 ring-ink/15"
      />
    </label>
  );

  return (
    <ListFrame
      title={t('title')}
      filters={
        <div className="mt-4 grid grid-cols-2 gap-2 md:grid-cols-6">
          {field('action')}
          {field('targetType')}
          {field('targetId')}
          {field('actorShortId')}
          {field('from', 'date')}
          {field('to', 'date')}
        </div>
      }
      query={query}
      empty={t('empty')}
    >
      {(entries) => (
        // Scrolls sideways on a phone: focusable so that a keyboard can scroll it too.
        <div
          className="mt-4 overflow-x-auto rounded-2xl bg-white ring-1 ring-ink/10"
          tabIndex={0}
          role="region"
          aria-label={t('title')}
        >
          <table className="w-full min-w-[640px] text-left text-sm">
            <TableHead columns={[t('when'), t('who'), t('what'), t('target'), t('change')]} />
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-t border-ink/5 align-top">
                  <td className="px-3 py-2 whitespace-nowrap">{formatVietnamTimeSeconds(entry.createdAt)}</td>
                  <td className="px-3 py-2">
                    {entry.actor ? (
                      <>
                        {entry.actor.displayName} <span className="font-mono text-royal">#{entry.actor.shortId}</span>
                      </>
                    ) : (
                      t('system')
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <AuditSentence entry={entry} />
                  </td>
                  <td className="px-3 py-2 font-mono break-all">
                    {entry.targetType}
                    {entry.targetId && `: ${entry.targetId}`}
                  </td>
                  <td className="px-3 py-2">
                    <pre className="max-w-md overflow-x-auto text-xs whitespace-pre-wrap">
                      {entry.detail ? JSON.stringify(entry.detail, null, 1) : ''}
                    </pre>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListFrame>
  );
}
