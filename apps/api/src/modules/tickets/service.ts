import {
  codes,
  ticketLimits,
  uploadUrlPattern,
  type CreateTicketBody,
  type MyTicketsQuery,
  type StaffTicket,
  type StaffTicketPage,
  type StaffTicketsQuery,
  type StaffUpdateTicketBody,
  type Ticket,
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

const toTicket = (ticket: TicketRow, replies: ReplyRow[], imageUrls: ImageUrlSigner): Ticket => ({
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
  })),
});

export function createTicketService({ db, failures, limits, imageUrls, ownedUploadNames, removeImages }: TicketsDeps) {
  const throttleKey = (userId: string) => `ticket:create:${userId}`;

  async function loadForStaff(id: string): Promise<StaffTicket> {
    if (!isUuid(id)) throw ticketNotFound();
    const found = await findTicket(db, id);
    if (!found) throw ticketNotFound();
    return {
      ...toTicket(found.ticket, found.replies, imageUrls),
      userId: found.ticket.userId,
      displayName: found.displayName,
    };
  }

  return {
    async create(user: AuthUser, body: CreateTicketBody): Promise<Ticket> {
      if ((await failures.count(throttleKey(user.id))) >= limits.perWindow) {
        throw new AppError(429, codes.rateLimited, ticketsMessages.tooMany);
      }
      // Only images this player uploaded may be attached; the URL is rebuilt from the stored name.
      const names = [...new Set((body.filesUrl ?? []).map((file) => uploadUrlPattern.exec(file.url)![2]!))];
      const owned = await ownedUploadNames(user.id, ticketLimits.uploadFolder, names);
      if (owned.length !== names.length) {
        throw new AppError(400, codes.validation, ticketsMessages.badImages, { filesUrl: [ticketsMessages.badImages] });
      }
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
        filesUrl: names.map((name) => ({ url: `/api/uploads/${ticketLimits.uploadFolder}/${name}` })),
      });
      await failures.hit(throttleKey(user.id), limits.windowSeconds);
      return toTicket(ticket, [], imageUrls);
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
      return toTicket(found.ticket, found.replies, imageUrls);
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
        await deleteTicket(tx, id);
        await recordAudit(tx, {
          actorId: staff.id,
          action: 'ticket.delete',
          targetType: 'ticket',
          targetId: id,
          detail: { number: ticket.number, shortId: ticket.shortId, title: ticket.title, status: ticket.status },
        });
        return ticket.filesUrl.map((file) => file.url);
      });
      await removeImages(images);
    },
  };
}
