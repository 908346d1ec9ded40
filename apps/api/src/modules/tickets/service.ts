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
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../../plugins/auth';
import { AppError, notFound } from '../../plugins/errors';
import { findOwnedUploadNames } from '../uploads/repository';
import type { ImageUrlSigner } from '../uploads/signed-urls';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Unknown, malformed and other players' ids all answer the same `api.error`. */
const ticketNotFound = () => notFound('Không tìm thấy yêu cầu hỗ trợ.');

export interface TicketLimits {
  perWindow: number;
  windowSeconds: number;
  /** Signs the image addresses of a ticket for the owner or staff member who reads it. */
  imageUrls: ImageUrlSigner;
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
  filesUrl: ticket.filesUrl.map((file) => ({ url: imageUrls.sign(file.url) })),
  replies: replies.map((reply) => ({
    name: reply.name,
    content: reply.content,
    createTime: reply.createdAt.toISOString(),
  })),
});

export function createTicketService(app: FastifyInstance, limits: TicketLimits) {
  const throttleKey = (userId: string) => `ticket:create:${userId}`;

  async function loadForStaff(id: string): Promise<StaffTicket> {
    if (!UUID.test(id)) throw ticketNotFound();
    const found = await findTicket(app.db, id);
    if (!found) throw ticketNotFound();
    return {
      ...toTicket(found.ticket, found.replies, limits.imageUrls),
      userId: found.ticket.userId,
      displayName: found.displayName,
    };
  }

  return {
    async create(user: AuthUser, body: CreateTicketBody): Promise<Ticket> {
      if ((await app.failures.count(throttleKey(user.id))) >= limits.perWindow) {
        throw new AppError(429, codes.rateLimited, 'Bạn đã gửi quá nhiều yêu cầu, vui lòng thử lại sau.');
      }
      // Only images this player uploaded may be attached; the URL is rebuilt from the stored name.
      const names = [...new Set((body.filesUrl ?? []).map((file) => uploadUrlPattern.exec(file.url)![2]!))];
      const owned = await findOwnedUploadNames(app.db, user.id, ticketLimits.uploadFolder, names);
      if (owned.length !== names.length) {
        const message = 'Hình ảnh đính kèm không hợp lệ, vui lòng tải lên lại.';
        throw new AppError(400, codes.validation, message, { filesUrl: [message] });
      }
      const ticket = await insertTicket(app.db, {
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
      await app.failures.hit(throttleKey(user.id), limits.windowSeconds);
      return toTicket(ticket, [], limits.imageUrls);
    },

    async listMine(user: AuthUser, query: MyTicketsQuery): Promise<TicketPage> {
      const { items, total } = await listTickets(app.db, {
        userId: user.id,
        status: query.status === 'all' ? undefined : query.status,
        q: query.q,
        page: query.page,
        pageSize: query.pageSize,
      });
      return { items: items.map((row) => toSummary(row.ticket)), total, page: query.page, pageSize: query.pageSize };
    },

    async getMine(user: AuthUser, id: string): Promise<Ticket> {
      if (!UUID.test(id)) throw ticketNotFound();
      const found = await findTicket(app.db, id, user.id);
      if (!found) throw ticketNotFound();
      return toTicket(found.ticket, found.replies, limits.imageUrls);
    },

    async listAll(query: StaffTicketsQuery): Promise<StaffTicketPage> {
      const { items, total } = await listTickets(app.db, query);
      return {
        items: items.map((row) => ({
          ...toSummary(row.ticket),
          shortId: row.ticket.shortId,
          displayName: row.displayName,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    getForStaff: loadForStaff,

    async update(staff: AuthUser, id: string, body: StaffUpdateTicketBody): Promise<StaffTicket> {
      if (!UUID.test(id)) throw ticketNotFound();
      await app.db.transaction(async (tx) => {
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

    async remove(staff: AuthUser, id: string): Promise<void> {
      if (!UUID.test(id)) throw ticketNotFound();
      await app.db.transaction(async (tx) => {
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
      });
    },
  };
}
