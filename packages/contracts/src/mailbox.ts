import { z } from 'zod';
import { orderCharacterSchema } from './characters';
import { paged, pageQuerySchema } from './envelope';

/** Where an in-game mail stands: waiting in the outbox, taken by the game, or given up on. */
export const deliveryStatuses = ['pending', 'delivered', 'dead'] as const;
export const deliveryStatusSchema = z.enum(deliveryStatuses);

/** An in-game mail: its delivery attempts and what it carries. */
export const mailSchema = z.object({
  id: z.string(),
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  deliveredAt: z.string().nullable(),
  items: z.array(z.object({ itemId: z.string(), quantity: z.number().int() })),
});

export const internalMailSchema = mailSchema.extend({
  receiverShortId: z.string(),
  /** The server and character it goes to; null for the account. */
  character: orderCharacterSchema.nullable(),
  title: z.string(),
  source: z.string(),
  sourceId: z.string(),
  createdAt: z.string(),
});
export const internalMailQuerySchema = pageQuerySchema.extend({ status: deliveryStatusSchema.default('dead') });
export const internalMailPageSchema = paged(internalMailSchema);
export type InternalMail = z.infer<typeof internalMailSchema>;
