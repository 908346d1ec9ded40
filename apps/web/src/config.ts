import { z } from 'zod';

/**
 * The web app's configuration, read once. Server values come from the environment at run time;
 * public values are inlined at build time by Next.js (NEXT_PUBLIC_*).
 */
const serverSchema = z.object({
  API_URL: z.string().url().default('http://127.0.0.1:4000'),
});

const publicSchema = z.object({
  brand: z.string().min(1),
  product: z.string().min(1),
  communityUrl: z.string().url(),
  supportUrl: z.string().url(),
  demoMode: z.boolean(),
});

export const publicConfig = publicSchema.parse({
  brand: process.env.NEXT_PUBLIC_BRAND_NAME || 'Carabala',
  product: process.env.NEXT_PUBLIC_PRODUCT_NAME || 'carabala',
  communityUrl: process.env.NEXT_PUBLIC_COMMUNITY_URL || 'https://www.facebook.com/groups/carabala.vn',
  supportUrl: process.env.NEXT_PUBLIC_SUPPORT_URL || 'https://www.facebook.com/carabala.vn',
  demoMode: process.env.NEXT_PUBLIC_DEMO_MODE !== 'false',
});

/** Server-only values; call from server code (proxy, server components). */
export function serverConfig() {
  return serverSchema.parse({ API_URL: process.env.API_URL || undefined });
}
