import {
  codes,
  ticketCodes,
  ticketFollowUpMessages,
  ticketLimits,
  uploadUrlPattern,
  type CreateTicketBody,
  type MyTicketsQuery,
  type StaffTicket,
  type StaffTicketPage,
  type StaffTicketsQuery,
  type StaffUpdateTicketBody,
  type Ticket,
  type TicketFollowUpBody,
  type TicketPage,
  type TicketType,
} from '@carabala/contracts';
import { foldText } from '@carabala/contracts/labels';
import { toPaged } from '../../db/paging';
import type { Db, FailureCounter } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import { AppError, notFound } from '../../plugins/errors';
import { recordAudit } from '../audit';
import type { ImageUrlSigner } from '../uploads';
import { ticketsMessages } from './messages';
import {
  deleteTicket,
  findTicket,
  followUpImagesOf,
  insertReply,
  insertTicket,
  listTickets,
  lockTicket,
  setTicketStatus,
  type ReplyRow,
  type TicketRow,
} from './repository';

/** Unknown, malformed and other players' ids all answer the same `api.error`. */
const ticketNotFound = () => notFound(ticketsMessages.notFound);

export interface TicketsDeps {
  db: Db;
  failures: FailureCounter;
  limits: { perWindow: number; windowSeconds: number };
  /** How long after it was answered a player may reopen a ticket with a follow-up (TICKET_REOPEN_DAYS). */
  reopenDays: number;
  /** Signs the image addresses of a ticket for the owner or staff member who reads it. */
  imageUrls: ImageUrlSigner;
  /** The uploads module's answer: which of these image names the player uploaded into the folder. */
  ownedUploadNames: (ownerId: string, folder: string, names: string[]) => Promise<string[]>;
  /** The uploads module's removal of images no ticket lists any more (a deleted ticket's). */
  removeImages: (urls: string[]) => Promise<void>;
}

const toSummary = (ticket: TicketRow) => ({
  id: ticket.id,
  number: ticket.number,
  type: ticket.type as TicketType,
  title: ticket.title,
  status: ticket.status,
  createTime: ticket.createdAt.toISOString(),
  updateTime: ticket.updatedAt.toISOString(),
});

/** Until when an answered ticket may be reopened: `reopenDays` after it was last changed (answered, closed). */
const reopenUntil = (ticket: TicketRow, reopenDays: number): Date | null =>
  ticket.status === 'PROCESSING' ? null : new Date(ticket.updatedAt.getTime() + reopenDays * 86_400_000);

const canFollowUp = (ticket: TicketRow, reopenDays: number, now = new Date()) => {
  const until = reopenUntil(ticket, reopenDays);
  return until === null || until > now;
};

const toTicket = (ticket: TicketRow, replies: ReplyRow[], imageUrls: ImageUrlSigner, reopenDays: number): Ticket => ({
  ...toSummary(ticket),
  shortId: ticket.shortId,
  incidentTime: ticket.incidentTime,
  device: ticket.device,
  description: ticket.description,
  filesUrl: ticket.filesUrl.map((file) => ({ url: imageUrls.sign(file.url, ticket.id) })),
  replies: replies.map((reply) => ({
    name: reply.name,
    content: reply.content,
    createTime: reply.createdAt.toISOString(),
    fromPlayer: reply.fromPlayer,
    filesUrl: reply.filesUrl.map((file) => ({ url: imageUrls.sign(file.url, ticket.id) })),
  })),
  canReply: canFollowUp(ticket, reopenDays),
  reopenUntil: reopenUntil(ticket, reopenDays)?.toISOString() ?? null,
});

async function throttle(failures: FailureCounter, perWindow: number, key: string) {
  if ((await failures.count(key)) >= perWindow) {
    throw new AppError(429, codes.rateLimited, ticketsMessages.tooMany);
  }
}

/** Only images this player uploaded may be attached; the stored address is rebuilt from each name. */
async function ownedImages(
  ownedUploadNames: TicketsDeps['ownedUploadNames'],
  userId: string,
  files: { url: string }[] | undefined,
): Promise<{ url: string }[]> {
  const names = [...new Set((files ?? []).map((file) => uploadUrlPattern.exec(file.url)![2]!))];
  const owned = await ownedUploadNames(userId, ticketLimits.uploadFolder, names);
  if (owned.length !== names.length) {
    throw new AppError(400, codes.validation, ticketsMessages.badImages, { filesUrl: [ticketsMessages.badImages] });
  }
  return names.map((name) => ({ url: `/api/uploads/${ticketLimits.uploadFolder}/${name}` }));
}

/** Adds the owner's follow-up and sets the ticket waiting, unless it is another's or closed too long. */
async function recordFollowUp(
  db: Db,
  reopenDays: number,
  user: AuthUser,
  id: string,
  reply: { content: string; filesUrl: { url: string }[] },
) {
  await db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, id);
    if (!ticket || ticket.userId !== user.id) throw ticketNotFound();
    if (!canFollowUp(ticket, reopenDays)) throw new AppError(409, ticketCodes.closed, ticketFollowUpMessages.closed);
    await insertReply(tx, { ticketId: id, authorId: user.id, name: user.displayName, fromPlayer: true, ...reply });
    await setTicketStatus(tx, id, 'PROCESSING');
  });
}

export function createTicketService(deps: TicketsDeps) {
  const { db, failures, limits, imageUrls, ownedUploadNames, removeImages, reopenDays } = deps;
  const throttleKey = (userId: string) => `ticket:create:${userId}`;
  const followUpKey = (userId: string) => `ticket:reply:${userId}`;

  async function loadForStaff(id: string): Promise<StaffTicket> {
    if (!isUuid(id)) throw ticketNotFound();
    const found = await findTicket(db, id);
    if (!found) throw ticketNotFound();
    return {
      ...toTicket(found.ticket, found.replies, imageUrls, reopenDays),
      userId: found.ticket.userId,
      displayName: found.displayName,
    };
  }

  return {
    async create(user: AuthUser, body: CreateTicketBody): Promise<Ticket> {
      await throttle(failures, limits.perWindow, throttleKey(user.id));
      const filesUrl = await ownedImages(ownedUploadNames, user.id, body.filesUrl);
      const ticket = await insertTicket(db, {
        userId: user.id,
        shortId: user.shortId,
        type: body.type,
        incidentTime: body.incidentTime,
        device: body.device,
        title: body.title,
        titleFolded: foldText(body.title),
        description: body.description,
        status: 'PROCESSING',
        filesUrl,
      });
      await failures.hit(throttleKey(user.id), limits.windowSeconds);
      return toTicket(ticket, [], imageUrls, reopenDays);
    },

    /**
     * The owner's follow-up: it waits for staff again (an answered ticket is reopened), within
     * TICKET_REOPEN_DAYS of the answer; later, a new ticket. Throttled like new tickets.
     */
    async followUp(user: AuthUser, id: string, body: TicketFollowUpBody): Promise<Ticket> {
      if (!isUuid(id)) throw ticketNotFound();
      await throttle(failures, limits.perWindow, followUpKey(user.id));
      const filesUrl = await ownedImages(ownedUploadNames, user.id, body.filesUrl);
      await recordFollowUp(db, reopenDays, user, id, { content: body.content, filesUrl });
      await failures.hit(followUpKey(user.id), limits.windowSeconds);
      return this.getMine(user, id);
    },

    async listMine(user: AuthUser, query: MyTicketsQuery): Promise<TicketPage> {
      const page = await listTickets(db, {
        userId: user.id,
        status: query.status === 'all' ? undefined : query.status,
        q: query.q,
        page: query.page,
        pageSize: query.pageSize,
      });
      return toPaged(query, page, (row) => toSummary(row.ticket));
    },

    async getMine(user: AuthUser, id: string): Promise<Ticket> {
      if (!isUuid(id)) throw ticketNotFound();
      const found = await findTicket(db, id, user.id);
      if (!found) throw ticketNotFound();
      return toTicket(found.ticket, found.replies, imageUrls, reopenDays);
    },

    async listAll(query: StaffTicketsQuery): Promise<StaffTicketPage> {
      return toPaged(query, await listTickets(db, query), (row) => ({
        ...toSummary(row.ticket),
        shortId: row.ticket.shortId,
        displayName: row.displayName,
      }));
    },

    getForStaff: loadForStaff,

    async update(staff: AuthUser, id: string, body: StaffUpdateTicketBody): Promise<StaffTicket> {
      if (!isUuid(id)) throw ticketNotFound();
      await db.transaction(async (tx) => {
        const ticket = await lockTicket(tx, id);
        if (!ticket) throw ticketNotFound();
        if (body.reply !== undefined) {
          await insertReply(tx, { ticketId: id, authorId: staff.id, name: staff.displayName, content: body.reply });
        }
        const status = body.status ?? (body.reply !== undefined ? 'PROCESSED' : ticket.status);
        await setTicketStatus(tx, id, status);
        await recordAudit(tx, {
          actorId: staff.id,
          action: body.reply !== undefined ? 'ticket.reply' : 'ticket.status',
          targetType: 'ticket',
          targetId: id,
          detail: { number: ticket.number, from: ticket.status, to: status, reply: body.reply ?? null },
        });
      });
      return loadForStaff(id);
    },

    /** Deletes the ticket, then its images: their signed addresses are refused from the commit on. */
    async remove(staff: AuthUser, id: string): Promise<void> {
      if (!isUuid(id)) throw ticketNotFound();
      const images = await db.transaction(async (tx) => {
        const ticket = await lockTicket(tx, id);
        if (!ticket) throw ticketNotFound();
        const followUpImages = await followUpImagesOf(tx, id);
        await deleteTicket(tx, id);
        await recordAudit(tx, {
          actorId: staff.id,
          action: 'ticket.delete',
          targetType: 'ticket',
          targetId: id,
          detail: { number: ticket.number, shortId: ticket.shortId, title: ticket.title, status: ticket.status },
        });
        return [...ticket.filesUrl.map((file) => file.url), ...followUpImages];
      });
      await removeImages(images);
    },
  };
}
