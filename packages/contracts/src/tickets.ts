import { z } from 'zod';
import { pageQuerySchema, paged, requiredText, optionalText } from './envelope';

/** Ticket types of the form, in display order (labels: @carabala/contracts/labels). */
export const ticketTypes = ['1', '2_1', '2_2', '2_3', '2_4', '2_5', '0'] as const;
const ticketTypeSchema = z.enum(ticketTypes, { error: 'tickets.typeRequired' });
export type TicketType = z.infer<typeof ticketTypeSchema>;

export const ticketStatuses = ['PROCESSING', 'PROCESSED'] as const;
export const ticketStatusSchema = z.enum(ticketStatuses);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

/** A ticket's limits: images per ticket, their size and types, and the text lengths. */
export const ticketLimits = {
  textMax: 199,
  descriptionMax: 1999,
  maxFiles: 3,
  /** Each file must be strictly under this many bytes. */
  maxFileBytes: 10_000_000,
  uploadFolder: 'supports',
} as const;

export const ticketMessages = {
  incidentTimeRequired: 'tickets.incidentTimeRequired',
  deviceRequired: 'tickets.deviceRequired',
  titleRequired: 'tickets.titleRequired',
  descriptionRequired: 'tickets.descriptionRequired',
  textLength: 'tickets.textLength',
  descriptionLength: 'tickets.descriptionLength',
  tooManyFiles: 'tickets.tooManyFiles',
  fileTooLarge: 'tickets.fileTooLarge',
  fileType: 'tickets.fileType',
} as const;

/** The text fields of the ticket form, each with its required message. */
const ticketFieldsSchema = z.object({
  type: ticketTypeSchema,
  incidentTime: requiredText(ticketMessages.incidentTimeRequired, ticketLimits.textMax, ticketMessages.textLength),
  device: requiredText(ticketMessages.deviceRequired, ticketLimits.textMax, ticketMessages.textLength),
  title: requiredText(ticketMessages.titleRequired, ticketLimits.textMax, ticketMessages.textLength),
  description: requiredText(
    ticketMessages.descriptionRequired,
    ticketLimits.descriptionMax,
    ticketMessages.descriptionLength,
  ),
});
type TicketFields = z.infer<typeof ticketFieldsSchema>;

/** What the form knows of a chosen file (a browser `File` has these). */
export interface AttachmentLike {
  name: string;
  size: number;
  type: string;
}

const allowedExtensions = ['jpg', 'jpeg', 'png', 'gif', 'webp'];
const allowedMimeTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** The browser's first check of a chosen file; the server judges the bytes again. */
function attachmentError(file: AttachmentLike): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!allowedExtensions.includes(extension) || (file.type !== '' && !allowedMimeTypes.includes(file.type))) {
    return ticketMessages.fileType;
  }
  if (file.size >= ticketLimits.maxFileBytes) return ticketMessages.fileTooLarge;
  return null;
}

const attachmentSchema = z
  .custom<AttachmentLike>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      typeof (value as AttachmentLike).name === 'string' &&
      typeof (value as AttachmentLike).size === 'number',
    { error: ticketMessages.fileType },
  )
  .superRefine((file, ctx) => {
    const message = attachmentError(file);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const attachmentsSchema = z.array(attachmentSchema).max(ticketLimits.maxFiles, ticketMessages.tooManyFiles);

/** The web form: the text fields plus the chosen files (kept as the browser's own objects). */
export const ticketFormSchema = ticketFieldsSchema.extend({ attachments: attachmentsSchema });
export type TicketForm<F extends AttachmentLike = AttachmentLike> = TicketFields & { attachments: F[] };

/** Where the API serves a stored upload: `/api/uploads/{folder}/{uuid}.{ext}`. */
export const uploadUrlPattern = /^\/api\/uploads\/(supports)\/([0-9a-f-]{36}\.(?:jpg|png|gif|webp))$/;

const fileUrlSchema = z.object({
  url: z.string().regex(uploadUrlPattern, ticketMessages.fileType),
});

/** POST /api/tickets. `status` may be sent (the product sends PROCESSING) but the server sets it. */
export const createTicketBodySchema = ticketFieldsSchema.extend({
  status: ticketStatusSchema.optional(),
  filesUrl: z.array(fileUrlSchema).max(ticketLimits.maxFiles, ticketMessages.tooManyFiles).optional(),
});
export type CreateTicketBody = z.infer<typeof createTicketBodySchema>;

export const uploadedFileSchema = z.object({
  url: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

const ticketReplySchema = z.object({
  name: z.string(),
  content: z.string(),
  createTime: z.string(),
  /** True for the player's own follow-up; false for a staff answer. */
  fromPlayer: z.boolean(),
  /** The follow-up's images (a staff answer has none). */
  filesUrl: z.array(z.object({ url: z.string() })),
});

/** A ticket as its owner sees it. `number` is the human ticket number shown as `#number`. */
export const ticketSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  shortId: z.string(),
  type: ticketTypeSchema,
  incidentTime: z.string(),
  device: z.string(),
  title: z.string(),
  description: z.string(),
  status: ticketStatusSchema,
  filesUrl: z.array(z.object({ url: z.string() })),
  createTime: z.string(),
  updateTime: z.string(),
  replies: z.array(ticketReplySchema),
  /**
   * Whether the owner may write a follow-up now: always while it waits for staff, and for
   * TICKET_REOPEN_DAYS after it was answered (`reopenUntil`), which reopens it.
   */
  canReply: z.boolean(),
  /** Until when an answered ticket can be reopened by a follow-up; null while it waits for staff. */
  reopenUntil: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

const ticketSummarySchema = ticketSchema.pick({
  id: true,
  number: true,
  type: true,
  title: true,
  status: true,
  createTime: true,
  updateTime: true,
});

export const ticketFilters = ['all', 'PROCESSING', 'PROCESSED'] as const;
const ticketFilterSchema = z.enum(ticketFilters);
export type TicketFilter = z.infer<typeof ticketFilterSchema>;

/** GET /api/tickets/me/find-many: `q` matches the title or the ticket number, ignoring case and diacritics. */
export const myTicketsQuerySchema = pageQuerySchema.extend({
  status: ticketFilterSchema.default('all'),
  q: optionalText(200),
});
export type MyTicketsQuery = z.infer<typeof myTicketsQuerySchema>;

export const ticketPageSchema = paged(ticketSummarySchema);
export type TicketPage = z.infer<typeof ticketPageSchema>;

/** A ticket as staff see it: who filed it too. */
export const staffTicketSchema = ticketSchema.extend({
  userId: z.string(),
  displayName: z.string(),
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;

const staffTicketSummarySchema = ticketSummarySchema.extend({
  shortId: z.string(),
  displayName: z.string(),
});

export const staffTicketPageSchema = paged(staffTicketSummarySchema);
export type StaffTicketPage = z.infer<typeof staffTicketPageSchema>;

/** Staff list orders: newest first, or the inbox order (waiting tickets first, oldest first). */
export const staffTicketSorts = ['newest', 'waiting'] as const;

/** POST /api/tickets/find-many (staff). */
export const staffTicketsQuerySchema = pageQuerySchema.extend({
  status: ticketStatusSchema.optional(),
  type: ticketTypeSchema.optional(),
  shortId: optionalText(10),
  q: optionalText(200),
  sort: z.enum(staffTicketSorts).default('newest'),
});
export type StaffTicketsQuery = z.infer<typeof staffTicketsQuerySchema>;

export const ticketFollowUpMessages = {
  contentRequired: 'tickets.contentRequired',
  closed: 'api.ticket.closed',
} as const;

const followUpContentSchema = requiredText(
  ticketFollowUpMessages.contentRequired,
  ticketLimits.descriptionMax,
  ticketMessages.descriptionLength,
);

/** The follow-up form under a player's ticket: the text and up to 3 images, as the ticket form's. */
export const ticketFollowUpFormSchema = z.object({ content: followUpContentSchema, attachments: attachmentsSchema });
export type TicketFollowUpForm<F extends AttachmentLike = AttachmentLike> = { content: string; attachments: F[] };

/** POST /api/tickets/me/{id}/replies: the owner's follow-up; an answered ticket waits for staff again. */
export const ticketFollowUpBodySchema = z.object({
  content: followUpContentSchema,
  filesUrl: z.array(fileUrlSchema).max(ticketLimits.maxFiles, ticketMessages.tooManyFiles).optional(),
});
export type TicketFollowUpBody = z.infer<typeof ticketFollowUpBodySchema>;

export const ticketCodes = { closed: 'api.ticket.closed' } as const;

/** PATCH /api/tickets/{id} (staff): a reply moves the ticket to PROCESSED unless a status is given. */
export const staffUpdateTicketBodySchema = z
  .object({
    reply: z
      .string()
      .trim()
      .min(1, 'tickets.replyRequired')
      .max(ticketLimits.descriptionMax, ticketMessages.descriptionLength)
      .optional(),
    status: ticketStatusSchema.optional(),
  })
  .refine((body) => body.reply !== undefined || body.status !== undefined, {
    message: 'tickets.replyOrStatus',
    path: ['reply'],
  });
export type StaffUpdateTicketBody = z.infer<typeof staffUpdateTicketBodySchema>;
