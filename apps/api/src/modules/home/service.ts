import {
  homeMessages,
  homeSections,
  type HomeContent,
  type HomeSection,
  type HomeSlideContent,
  type StaffHomeSlide,
  type homeSlideBodySchema,
} from '@carabala/contracts';
import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { draftedDocuments, toStaffDocument } from '../../lib/drafted-documents';
import { asOf } from '../../lib/timed-publication';
import { isVisible, momentsOf, nextAfter } from '../../lib/visibility-window';
import { notFound } from '../../plugins/errors';
import { recordAudit } from '../audit';
import { findPublishedSlides, slideDocuments, type StaffSlideRow, findStaffSlides } from './repository';

type SlideBody = z.output<typeof homeSlideBodySchema>;

const slides = (db: Db) =>
  draftedDocuments<string, HomeSlideContent, StaffSlideRow, StaffHomeSlide, SlideBody>(db, {
    ...slideDocuments,
    newId: async () => randomUUID(),
    contentOf: async (_tx, _id, body) => body,
    present: toStaffDocument,
    notFound: () => notFound(homeMessages.notFound),
    audit: (tx, actorId, change, id, content, changes) =>
      recordAudit(tx, {
        actorId,
        action: `home_slide.${change}`,
        targetType: 'home_slide',
        targetId: id,
        detail: { title: content.title, section: content.section, ...changes },
      }),
  });

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
  const drafted = slides(db);
  return {
    async list(section?: HomeSection): Promise<{ items: StaffHomeSlide[] }> {
      return { items: (await findStaffSlides(db, section)).map(toStaffDocument) };
    },

    create: drafted.create,
    update: drafted.update,
    /** Copies the draft to the published state (audited with the fields that change). */
    publish: (id: string, actorId: string): Promise<StaffHomeSlide> => drafted.publish(id, actorId),

    /** What the home page shows at `now`; with `drafts`, every slide's draft counts as published (the staff's preview). */
    async content(now = Date.now(), { drafts = false } = {}): Promise<HomeContent & { nextChange: number | null }> {
      const { sections, nextChangeAt } = homeAt(await findPublishedSlides(db, drafts), now);
      return { sections, ...asOf(now, nextChangeAt) };
    },
  };
}
