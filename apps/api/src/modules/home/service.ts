import {
  homeMessages,
  homeSections,
  type AuditAction,
  type HomeContent,
  type HomeSection,
  type HomeSlideContent,
  type StaffHomeSlide,
  type homeSlideBodySchema,
} from '@carabala/contracts';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { changesBetween } from '../../lib/changes';
import { asOf } from '../../lib/timed-publication';
import { isVisible, momentsOf, nextAfter } from '../../lib/visibility-window';
import { notFound } from '../../plugins/errors';
import { recordAudit } from '../audit';
import {
  findPublishedSlides,
  findStaffSlide,
  findStaffSlides,
  insertSlide,
  publishDraft,
  updateDraft,
  type StaffSlideRow,
} from './repository';

type SlideBody = z.output<typeof homeSlideBodySchema>;

const slideNotFound = () => notFound(homeMessages.notFound);

const toStaffSlide = (row: StaffSlideRow): StaffHomeSlide => ({
  id: row.id,
  state: row.state,
  draft: row.draft,
  published: row.published,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function audit(
  tx: Tx,
  actorId: string,
  action: AuditAction,
  id: string,
  content: HomeSlideContent,
  detail: object,
) {
  await recordAudit(tx, {
    actorId,
    action,
    targetType: 'home_slide',
    targetId: id,
    detail: { title: content.title, section: content.section, ...detail },
  });
}

const boundariesOf = (content: HomeSlideContent) => momentsOf(content.visibleFrom, content.visibleUntil);

/** The published slides' window ends: the schedule revalidates the home page at each. */
export async function homeBoundaries(db: Db): Promise<number[]> {
  return (await findPublishedSlides(db)).flatMap((row) => boundariesOf(row.content));
}

/** The home page at `now`: each section's showing slides in order, and the next moment that changes by itself. */
export function homeAt(rows: { id: string; content: HomeSlideContent }[], now: number) {
  const sections = Object.fromEntries(
    homeSections.map((section) => [section, []]),
  ) as unknown as HomeContent['sections'];
  for (const { id, content } of rows) {
    if (!isVisible(content, now)) continue;
    const { title, image, mobileImage, link } = content;
    sections[content.section].push({ id, title, image, mobileImage, link });
  }
  return {
    sections,
    nextChangeAt: nextAfter(
      rows.flatMap((row) => boundariesOf(row.content)),
      now,
    ),
  };
}

export interface HomeDeps {
  db: Db;
}

/** The home page's slides: staff draft and publish them (audited); the home page reads the published ones. */
export function createHomeService({ db }: HomeDeps) {
  async function changeDraft(id: string | null, actorId: string, draft: SlideBody): Promise<StaffHomeSlide> {
    return db.transaction(async (tx) => {
      const current = id === null ? undefined : await findStaffSlide(tx, id, { forUpdate: true });
      if (id !== null && !current) throw slideNotFound();
      const slideId = current ? current.id : await insertSlide(tx, draft);
      if (current) await updateDraft(tx, slideId, draft);
      const changes = changesBetween(current?.draft ?? null, draft);
      await audit(tx, actorId, current ? 'home_slide.update' : 'home_slide.create', slideId, draft, changes);
      return toStaffSlide((await findStaffSlide(tx, slideId))!);
    });
  }

  return {
    async list(section?: HomeSection): Promise<{ items: StaffHomeSlide[] }> {
      return { items: (await findStaffSlides(db, section)).map(toStaffSlide) };
    },

    create: (actorId: string, body: SlideBody) => changeDraft(null, actorId, body),
    update: (id: string, actorId: string, body: SlideBody) => changeDraft(id, actorId, body),

    /** Copies the draft to the published state (audited with the fields that change). */
    async publish(id: string, actorId: string): Promise<StaffHomeSlide> {
      return db.transaction(async (tx) => {
        const current = await findStaffSlide(tx, id, { forUpdate: true });
        if (!current) throw slideNotFound();
        if (current.state === 'published') return toStaffSlide(current);
        await publishDraft(tx, id);
        await audit(
          tx,
          actorId,
          'home_slide.publish',
          id,
          current.draft,
          changesBetween(current.published, current.draft),
        );
        return toStaffSlide((await findStaffSlide(tx, id))!);
      });
    },

    /** What the home page shows now. */
    async content(now = Date.now()): Promise<HomeContent & { nextChange: number | null }> {
      const { sections, nextChangeAt } = homeAt(await findPublishedSlides(db), now);
      return { sections, ...asOf(now, nextChangeAt) };
    },
  };
}
