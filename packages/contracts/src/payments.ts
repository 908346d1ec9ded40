import { z } from 'zod';

/** What the API answers SePay's webhook (the body it parses lives in apps/api's payments module). */
export const sepayWebhookResponseSchema = z.object({ success: z.boolean() });
