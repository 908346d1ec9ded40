'use client';

import { homeSections, type HomeSection, type StaffHomeSlide } from '@carabala/contracts';
import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Badge, draftStateTones } from '@/components/badge';
import { HideRecordButton } from '@/components/hide-record-button';
import { PublishDraftButton } from '@/components/publish-draft-button';
import { FilterTabs } from '@/components/filter-tabs';
import { useUrlState } from '@/components/use-url-state';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PreviewLink } from '@/components/preview-shell';
import { messageOf } from '@/lib/api-client';
import { formatConsoleTime } from '@/lib/format';
import { useHomeSlides, useMoveSlide, usePublishSlide, useSetSlideHidden } from './api';
import { SlideForm } from './slide-form';

const SECTION_KEY = ['section'] as const;

function PublishButton({ slide }: { slide: StaffHomeSlide }) {
  return <PublishDraftButton words="admin.home" record={slide} publish={usePublishSlide(slide.id)} />;
}

function HideButton({ slide }: { slide: StaffHomeSlide }) {
  return <HideRecordButton words="admin.home" record={slide} setHidden={useSetSlideHidden(slide.id)} />;
}

/** "Lên" and "Xuống": one place earlier or later in its section, on the home page at once. */
function MoveButtons({ slide, first, last }: { slide: StaffHomeSlide; first: boolean; last: boolean }) {
  const t = useTranslations('admin.home');
  const tOps = useTranslations('adminOps');
  const move = useMoveSlide(slide.id);
  const go = (direction: 'up' | 'down') =>
    move.mutateAsync(direction).catch((error: unknown) => toast.error(messageOf(error, tOps('failed'))));
  const button = 'rounded-lg px-2.5 py-1 text-sm font-semibold text-royal ring-1 ring-royal/30 disabled:opacity-30';
  return (
    <span className="flex gap-1">
      <button
        type="button"
        className={button}
        disabled={first || move.isPending}
        aria-label={t('moveUpLabel', { title: slide.draft.title })}
        onClick={() => go('up')}
      >
        ↑ {t('moveUp')}
      </button>
      <button
        type="button"
        className={button}
        disabled={last || move.isPending}
        aria-label={t('moveDownLabel', { title: slide.draft.title })}
        onClick={() => go('down')}
      >
        ↓ {t('moveDown')}
      </button>
    </span>
  );
}

/** "Luôn hiện", "Từ 20:00 26/11/2026", "Đến …" or both: the slide's window in Vietnam time. */
function WindowText({ slide }: { slide: StaffHomeSlide }) {
  const t = useTranslations('admin.home');
  const { visibleFrom, visibleUntil } = slide.draft;
  if (!visibleFrom && !visibleUntil) return <>{t('always')}</>;
  return (
    <>
      {[
        visibleFrom && t('from', { time: formatConsoleTime(visibleFrom) }),
        visibleUntil && t('until', { time: formatConsoleTime(visibleUntil) }),
      ]
        .filter(Boolean)
        .join(' · ')}
    </>
  );
}

function SlideRow({
  slide,
  position,
  count,
  onEdit,
}: {
  slide: StaffHomeSlide;
  /** Its place in the section, from 1. */
  position: number;
  count: number;
  onEdit: () => void;
}) {
  const t = useTranslations('admin.home');
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-2xl bg-white p-3 ring-1 ring-ink/10"
      data-testid="home-slide-row"
    >
      <MoveButtons slide={slide} first={position === 1} last={position === count} />
      <Image
        src={slide.draft.image}
        alt=""
        width={112}
        height={63}
        unoptimized
        className="h-16 w-28 shrink-0 rounded-lg object-cover ring-1 ring-ink/10"
      />
      <div className="min-w-40 flex-1">
        <p className="font-bold">{slide.draft.title}</p>
        <p className="text-sm text-ink/70">
          {t('position', { position })} · <WindowText slide={slide} />
        </p>
      </div>
      {slide.hiddenAt && <Badge tone="ruby">{t('hidden')}</Badge>}
      <Badge tone={draftStateTones[slide.state]}>{t(`states.${slide.state}`)}</Badge>
      <Button type="button" variant="outline" onClick={onEdit}>
        {t('edit')}
      </Button>
      <HideButton slide={slide} />
      <PublishButton slide={slide} />
    </li>
  );
}

/** The home page's carousels for staff (content and admin): each section's slides, their order and window, drafts and publish. */
export function HomeAdminPage() {
  const t = useTranslations('admin.home');
  const { values, update } = useUrlState(SECTION_KEY);
  const current = (homeSections as readonly string[]).includes(values.section)
    ? (values.section as HomeSection)
    : 'banner';
  const [editing, setEditing] = useState<StaffHomeSlide | 'new' | null>(null);
  const query = useHomeSlides(current);
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-black">{t('title')}</h1>
        <div className="flex flex-wrap gap-2">
          <PreviewLink view="home" />
          <Button type="button" onClick={() => setEditing('new')}>
            {t('create')}
          </Button>
        </div>
      </div>
      <p className="mt-1 text-sm text-ink/70">{t('intro')}</p>
      <p className="mt-1 text-sm text-ink/70">{t('moveHint')}</p>
      <FilterTabs
        value={current}
        label={t('sections.label')}
        options={homeSections.map((value) => ({ value, label: t(`sections.${value}`) }))}
        onChange={(value) => {
          setEditing(null);
          update({ section: value });
        }}
      />
      {editing && (
        <div className="mt-4">
          <h2 className="mb-2 text-lg font-bold">{editing === 'new' ? t('createTitle') : t('editTitle')}</h2>
          <SlideForm
            key={editing === 'new' ? `new-${current}` : editing.id}
            section={current}
            slide={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        </div>
      )}
      {query.isPending ? (
        <Spinner className="mt-4 size-6" />
      ) : query.isError ? (
        <p className="mt-4 text-ruby">{query.error.message}</p>
      ) : query.data.items.length === 0 ? (
        <p className="mt-4 text-ink/70">{t('empty')}</p>
      ) : (
        <ul className="mt-4 space-y-2">
          {query.data.items.map((slide, index, slides) => (
            <SlideRow
              key={slide.id}
              slide={slide}
              position={index + 1}
              count={slides.length}
              onEdit={() => setEditing(slide)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
