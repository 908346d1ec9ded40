import {
  type AuditAction,
  homeCodes,
  homeMessages,
  homeSections,
  type HomeContent,
  type HomeSection,
  type HomeSlideContent,
  type HomeSlideMove,
  type StaffHomeSlide,
  type homeSlideBodySchema,
} from '@carabala/contracts';
import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../db/client';
import { draftedDocuments, hiddenSwitch } from '../../db/drafts';
import { toHideableDocument } from '../../lib/drafted-documents';
import { publishesContent, type EventPublisher } from '../../lib/events';
import { asOf } from '../../lib/timed-publication';
import { isVisible, momentsOf, nextAfter } from '../../lib/visibility-window';
import { AppError, notFound } from '../../plugins/errors';
import { recordAudit } from '../audit';
import {
  findPublishedSlides,
  findStaffSlide,
  findStaffSlides,
  lockSectionSlides,
  placeAfterLast,
  placeSlide,
  slideDocuments,
  SLIDE_STEP,
  type StaffSlideRow,
} from './repository';

type SlideBody = z.output<typeof homeSlideBodySchema>;

const slideNotFound = () => notFound(homeMessages.notFound);

const audit = (
  tx: Tx,
  actorId: string,
  action: Extract<AuditAction, `home_slide.${string}`>,
  id: string,
  content: HomeSlideContent,
  detail: object,
) =>
  recordAudit(tx, {
    actorId,
    action,
    targetType: 'home_slide',
    targetId: id,
    detail: { title: content.title, section: content.section, ...detail },
  });

/** The stored draft: in the place given, else where the slide was, else last of its section. */
async function contentOf(tx: Tx, id: string, body: SlideBody): Promise<HomeSlideContent> {
  if (body.sortOrder !== undefined) return { ...body, sortOrder: body.sortOrder };
  const current = await findStaffSlide(tx, id);
  const sortOrder =
    current?.draft.section === body.section ? current.draft.sortOrder : await placeAfterLast(tx, body.section);
  return { ...body, sortOrder };
}

const slides = (db: Db) =>
  draftedDocuments<string, HomeSlideContent, StaffSlideRow, StaffHomeSlide, SlideBody>(db, {
    ...slideDocuments,
    newId: async () => randomUUID(),
    contentOf,
    present: toHideableDocument,
    notFound: slideNotFound,
    audit: (tx, actorId, change, id, content, changes) =>
      audit(tx, actorId, `home_slide.${change}`, id, content, changes),
  });

const hiddenSlides = (db: Db) =>
  hiddenSwitch<string, HomeSlideContent, StaffSlideRow, StaffHomeSlide>(db, {
    ...slideDocuments,
    present: toHideableDocument,
    notFound: slideNotFound,
    notPublished: () => new AppError(409, homeCodes.notPublished, homeMessages.notPublished),
    audit: (tx, actorId, hidden, id, published) =>
      audit(tx, actorId, hidden ? 'home_slide.hide' : 'home_slide.show', id, published, {}),
  });

/**
 * Moves a slide one place up or down among its section's (the console's order) and numbers the
 * section again, 0, 10, 20…, in the drafts and in what is published: the home page shows the new
 * order at once, and a draft slide moved first is first once published. At an end, nothing moves.
 */
async function moveSlide(db: Db, id: string, actorId: string, { direction }: HomeSlideMove): Promise<StaffHomeSlide> {
  return db.transaction(async (tx) => {
    const current = await findStaffSlide(tx, id);
    if (!current) throw slideNotFound();
    const section = await lockSectionSlides(tx, current.draft.section);
    const from = section.findIndex((slide) => slide.id === id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to < 0 || to >= section.length) return toHideableDocument(current);
    [section[from], section[to]] = [section[to]!, section[from]!];
    for (const [index, slide] of section.entries()) {
      const place = index * SLIDE_STEP;
      const placed = slide.draft.sortOrder === place && (slide.published?.sortOrder ?? place) === place;
      if (!placed) await placeSlide(tx, slide.id, place);
    }
    await audit(tx, actorId, 'home_slide.move', id, current.draft, {
      before: { position: from + 1 },
      after: { position: to + 1 },
    });
    return toHideableDocument((await findStaffSlide(tx, id))!);
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
  /** Where `content.published` goes after a publication, a hide or show, a move. */
  events: EventPublisher;
}

/** The home page's slides: staff draft and publish them (audited); the home page reads the published ones. */
export function createHomeService({ db, events }: HomeDeps) {
  const drafted = slides(db);
  const setHidden = hiddenSlides(db);
  const published = publishesContent(events, 'home');
  return {
    async list(section?: HomeSection): Promise<{ items: StaffHomeSlide[] }> {
      return { items: (await findStaffSlides(db, section)).map(toHideableDocument) };
    },

    create: drafted.create,
    update: drafted.update,
    /** Copies the draft to the published state (audited with the fields that change). */
    publish: (id: string, actorId: string): Promise<StaffHomeSlide> => published(drafted.publish(id, actorId)),
    /** "Ẩn ngay" (`hidden`) or "Hiện lại": off the home page at once, or back as published (audited). */
    setHidden: (id: string, actorId: string, hidden: boolean) => published(setHidden(id, actorId, hidden)),
    move: (id: string, actorId: string, move: HomeSlideMove) => published(moveSlide(db, id, actorId, move)),

    /** What the home page shows at `now`; with `drafts`, every slide's draft counts as published (the staff's preview). */
    async content(now = Date.now(), { drafts = false } = {}): Promise<HomeContent & { nextChange: number | null }> {
      const { sections, nextChangeAt } = homeAt(await findPublishedSlides(db, drafts), now);
      return { sections, ...asOf(now, nextChangeAt) };
    },
  };
}
