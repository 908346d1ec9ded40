'use client';

import { auditActions, type AuditEntry } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { ResponsiveTable } from '@/components/data-table';
import { DayRange, LabelledSelect } from '@/components/search-bar';
import { ListFrame } from '@/components/list-frame';
import { useUrlState } from '@/components/use-url-state';
import { formatConsoleTime, vietnamDayBoundary } from '@/lib/format';
import { useAudit, useStaffMembers } from './api/staff';
import { AuditDetail, useAuditDetail } from './audit-detail';
import { AuditTargetLink, isAuditAction, useAuditWords } from './audit-sentence';

const PAGE_SIZE = 30;
/** targetType and targetId come from links on other pages (an object's own log): no box for them. */
const FILTERS = ['action', 'actorShortId', 'from', 'to', 'targetType', 'targetId'] as const;

/** The actions by area, each group under its Vietnamese name (bank events and the feed share one). */
function useActionGroups() {
  const t = useTranslations('admin.audit');
  const { actionName } = useAuditWords();
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const action of auditActions) {
    const area = t(`areas.${action.slice(0, action.indexOf('.'))}`);
    groups.set(area, [...(groups.get(area) ?? []), { value: action, label: actionName(action)! }]);
  }
  return [...groups.entries()];
}

function AuditFilters({
  values,
  update,
}: {
  values: Record<(typeof FILTERS)[number], string>;
  update: (changes: Partial<Record<(typeof FILTERS)[number], string>>) => void;
}) {
  const t = useTranslations('admin.audit.filters');
  const groups = useActionGroups();
  const members = useStaffMembers();
  const scoped = Boolean(values.targetType || values.targetId);
  const bind = (key: 'action' | 'actorShortId') => ({
    value: values[key],
    onChange: (value: string) => update({ [key]: value }),
  });
  const wide = 'col-span-2 md:col-span-1';
  return (
    <div className="mt-4 space-y-2">
      <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
        <LabelledSelect label={t('action')} any={t('anyAction')} {...bind('action')} className={wide}>
          {groups.map(([area, actions]) => (
            <optgroup key={area} label={area}>
              {actions.map((action) => (
                <option key={action.value} value={action.value}>
                  {action.label}
                </option>
              ))}
            </optgroup>
          ))}
        </LabelledSelect>
        <LabelledSelect label={t('actor')} any={t('anyActor')} {...bind('actorShortId')} className={wide}>
          {/* A User ID from a link whose member is no longer staff still shows as chosen. */}
          {values.actorShortId && members.data && !members.data.some((m) => m.shortId === values.actorShortId) && (
            <option value={values.actorShortId}>#{values.actorShortId}</option>
          )}
          {members.data?.map((member) => (
            <option key={member.shortId} value={member.shortId}>
              {member.displayName} (#{member.shortId})
            </option>
          ))}
        </LabelledSelect>
        <DayRange from={values.from} to={values.to} labels={{ from: t('from'), to: t('to') }} onChange={update} />
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {scoped && (
          <p className="text-ink/70">
            {t('scoped')}{' '}
            <button
              type="button"
              className="font-semibold text-royal hover:underline"
              onClick={() => update({ targetType: '', targetId: '' })}
            >
              {t('clearScope')}
            </button>
          </p>
        )}
        {(values.action || values.actorShortId || values.from || values.to) && (
          <button
            type="button"
            className="font-semibold text-royal hover:underline"
            onClick={() => update({ action: '', actorShortId: '', from: '', to: '' })}
          >
            {t('clear')}
          </button>
        )}
      </div>
    </div>
  );
}

export function AuditPage() {
  const t = useTranslations('admin.audit');
  const { values, page, update } = useUrlState(FILTERS);
  const { sentence, actor } = useAuditWords();
  const detailRows = useAuditDetail();
  const query = useAudit({
    // An old link's action key the log no longer knows lists everything rather than failing.
    action: isAuditAction(values.action) ? values.action : undefined,
    targetType: values.targetType || undefined,
    targetId: values.targetId || undefined,
    actorShortId: values.actorShortId || undefined,
    from: vietnamDayBoundary(values.from, false),
    to: vietnamDayBoundary(values.to, true),
    page,
    pageSize: PAGE_SIZE,
  });

  const actorCell = (entry: AuditEntry) =>
    entry.actor ? (
      <>
        {entry.actor.displayName} <span className="font-mono text-ink/60">#{entry.actor.shortId}</span>
      </>
    ) : (
      <span className="text-ink/70">{actor(entry)}</span>
    );

  return (
    <ListFrame
      title={t('title')}
      intro={<p className="mt-1 text-sm text-ink/70">{t('intro')}</p>}
      filters={<AuditFilters values={values} update={update} />}
      query={query}
      empty={t('empty')}
    >
      {(entries) => (
        <ResponsiveTable
          rows={entries}
          rowTestId="audit-entry"
          columns={[
            {
              title: t('when'),
              width: 'w-36',
              cell: (entry) => formatConsoleTime(entry.createdAt),
              className: 'text-xs whitespace-nowrap text-ink/70',
            },
            { title: t('who'), width: 'w-40', cell: actorCell, className: 'break-words' },
            {
              title: t('what'),
              cell: (entry) => (
                <>
                  <p className="font-medium">{sentence(entry)}</p>
                  <AuditDetail rows={detailRows(entry)} />
                </>
              ),
              className: 'space-y-1',
            },
            { title: t('target'), width: 'w-56', cell: (entry) => <AuditTargetLink entry={entry} /> },
          ]}
          cardClassName="space-y-1.5 rounded-2xl bg-white p-4 ring-1 ring-ink/10"
          card={(entry) => (
            <>
              <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-xs text-ink/70">
                <span>{formatConsoleTime(entry.createdAt)}</span>
                <span className="break-words">{actorCell(entry)}</span>
              </div>
              <p className="font-medium break-words">{sentence(entry)}</p>
              <p className="text-sm">
                <span className="text-ink/60">{t('target')}: </span>
                <AuditTargetLink entry={entry} />
              </p>
              <AuditDetail rows={detailRows(entry)} />
            </>
          )}
        />
      )}
    </ListFrame>
  );
}
