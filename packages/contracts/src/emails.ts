import { z } from 'zod';
import { optionalText, paged, pageQuerySchema } from './envelope';

/** The e-mails the site sends (modules/email): the kinds of the outbox and their states. */
export const emailKinds = ['verify_email', 'password_reset', 'receipt', 'new_device'] as const;
export type EmailKindName = (typeof emailKinds)[number];
/** `pending`: waiting or being tried; `sent`: the mail server took it; `dead`: given up, with its error. */
export const emailStatuses = ['pending', 'sent', 'dead'] as const;
export type EmailStatusName = (typeof emailStatuses)[number];

/** The staff's list of e-mails: words of the address (any case, any diacritics), a kind, a state. */
export const internalEmailQuerySchema = pageQuerySchema.extend({
  search: optionalText(200),
  kind: z.enum(emailKinds).optional(),
  status: z.enum(emailStatuses).optional(),
});
export type InternalEmailQuery = z.output<typeof internalEmailQuerySchema>;

export const internalEmailSchema = z.object({
  id: z.string(),
  toAddress: z.string(),
  kind: z.enum(emailKinds),
  /** The subject as it is sent, in Vietnamese. */
  subject: z.string(),
  status: z.enum(emailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export type InternalEmail = z.infer<typeof internalEmailSchema>;

export const internalEmailPageSchema = z.object({
  ...paged(internalEmailSchema).shape,
  /** Demo mode: staff may open an e-mail's content (to follow a verification link). */
  contentShown: z.boolean(),
  /** Where e-mails go: a mail server, the demo's folder, or nowhere yet (they wait). */
  transport: z.enum(['smtp', 'folder', 'none']),
});
export type InternalEmailPage = z.infer<typeof internalEmailPageSchema>;

/** An e-mail's content as it is sent (demo mode only). */
export const internalEmailContentSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type InternalEmailContent = z.infer<typeof internalEmailContentSchema>;
