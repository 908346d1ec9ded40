'use client';

import { vietnamParts } from '@carabala/contracts/labels';
import type { UseQueryResult } from '@tanstack/react-query';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { createContext, useContext, useState, type MouseEvent, type ReactNode } from 'react';
import { consoleTimeInput, fromVietnamInput, toVietnamInput } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { CheckboxField, InputField } from './form/fields';
import { FilterTabs } from './filter-tabs';
import { buttonClass } from './ui/button';
import { Spinner } from './ui/spinner';
import { useUrlState } from './use-url-state';

// The console's preview (decision record 038): the store or the home page as a player would see them at
// a chosen moment. The shell holds the choice (in the address) and the frame; each feature renders its
// own page inside, read with usePreviewRead at the moment usePreviewMoment gives.

type PreviewView = 'store' | 'home';
const KEYS = ['view', 'at', 'drafts'] as const;
const HOUR = 3_600_000;

const Moment = createContext<{ at: string; drafts: boolean } | null>(null);

/** The chosen moment (ISO 8601 with Vietnam's offset) and whether drafts show, inside the preview's frame. */
export function usePreviewMoment() {
  const moment = useContext(Moment);
  if (!moment) throw new Error('usePreviewMoment outside PreviewShell');
  return moment;
}

/** "Xem trước": the console's preview of the store or the home page, from their editing pages. */
export function PreviewLink({ view }: { view: PreviewView }) {
  const t = useTranslations('admin.preview');
  return (
    <Link href={`/admin/preview?view=${view}`} className={buttonClass('outline')} data-testid="preview-link">
      {t('open')}
    </Link>
  );
}

/** Links inside the preview do not leave the console: it shows the pages, it does not go to them. */
function stayHere(event: MouseEvent) {
  if (event.target instanceof Element && event.target.closest('a')) event.preventDefault();
}

/** A preview read's state, then the page it renders once it came, in the gold frame. */
export function PreviewResult<T>({ query, render }: { query: UseQueryResult<T>; render: (data: T) => ReactNode }) {
  if (query.isError) return <p className="mt-4 text-ruby">{query.error.message}</p>;
  if (!query.data) return <Spinner />;
  return (
    <div
      onClickCapture={stayHere}
      data-testid="preview-frame"
      className="mt-4 overflow-hidden rounded-3xl bg-cream ring-4 ring-gold/70"
    >
      {render(query.data)}
    </div>
  );
}

/** "Xem trước lúc 20:00 ngày 27/11/2026 — bản nháp chưa xuất bản được hiển thị". */
function PreviewBanner({ at, drafts }: { at: string; drafts: boolean }) {
  const t = useTranslations('admin.preview');
  const p = vietnamParts(at);
  const moment = { time: `${p.hour}:${p.minute}`, date: `${p.day}/${p.month}/${p.year}` };
  return (
    <p
      role="status"
      data-testid="preview-banner"
      className="mt-4 rounded-2xl bg-gold px-4 py-3 font-bold text-ink shadow ring-2 ring-ink/10"
    >
      {t(drafts ? 'bannerDrafts' : 'bannerPublished', moment)}
    </p>
  );
}

/**
 * /admin/preview: the moment (Vietnam time, now + 1 hour unless chosen), the page (`store` or `home`,
 * those the role may edit) and whether drafts show as if published, kept in the address so a preview
 * can be shared as a link; then the banner and the chosen page.
 */
export function PreviewShell({ store, home }: { store: ReactNode; home: ReactNode }) {
  const t = useTranslations('admin.preview');
  const can = useCan();
  const { values, update } = useUrlState(KEYS);
  const [later] = useState(() => toVietnamInput(new Date(Date.now() + HOUR).toISOString()));
  const views = (['store', 'home'] as const).filter((view) => can(view === 'store' ? 'catalogue.write' : 'home.write'));
  const view = values.view === 'home' && views.includes('home') ? 'home' : views[0]!;
  const input = values.at || later;
  const at = fromVietnamInput(input);
  const drafts = values.drafts !== '0';
  return (
    <div>
      <h1 className="text-2xl font-black">{t('title')}</h1>
      <p className="mt-1 text-sm text-ink/70">{t('intro')}</p>
      <div className="mt-2 flex flex-wrap items-end gap-x-6 gap-y-3">
        <InputField
          id="preview-at"
          label={t('at')}
          {...consoleTimeInput}
          value={input}
          onChange={(event) => update({ at: event.target.value })}
          className="w-full sm:w-64"
        />
        <FilterTabs
          label={t('view')}
          value={view}
          options={views.map((value) => ({ value, label: t(`views.${value}`) }))}
          onChange={(value) => update({ view: value })}
        />
        <CheckboxField
          id="preview-drafts"
          label={t('drafts')}
          checked={drafts}
          onChange={(event) => update({ drafts: event.target.checked ? '' : '0' })}
        />
      </div>
      {at ? (
        <Moment value={{ at, drafts }}>
          {/* A moment the address made up is refused by the API, whose message shows below. */}
          {Number.isFinite(Date.parse(at)) && <PreviewBanner at={at} drafts={drafts} />}
          {view === 'store' ? store : home}
        </Moment>
      ) : (
        <p className="mt-4 text-ink/70">{t('pickTime')}</p>
      )}
    </div>
  );
}
