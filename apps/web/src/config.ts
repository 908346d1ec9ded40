import { z } from 'zod';

/**
 * The web app's configuration, read once. Server values come from the environment at run time;
 * public values are inlined at build time by Next.js (NEXT_PUBLIC_*).
 */
const serverSchema = z.object({
  API_URL: z.string().url().default('http://127.0.0.1:4000'),
  /** The secret the API sends to POST /_internal/revalidate; unset, that endpoint answers 404. */
  REVALIDATE_SECRET: z.string().min(32).optional(),
});

const publicSchema = z.object({
  brand: z.string().min(1),
  product: z.string().min(1),
  communityUrl: z.string().url(),
  supportUrl: z.string().url(),
  siteUrl: z.string().url(),
  guideUrl: z.string().url(),
  appStoreUrl: z.string().url(),
  playStoreUrl: z.string().url(),
  apkUrl: z.string().url(),
});

export const publicConfig = publicSchema.parse({
  brand: process.env.NEXT_PUBLIC_BRAND_NAME || 'Carabala',
  product: process.env.NEXT_PUBLIC_PRODUCT_NAME || 'carabala',
  communityUrl: process.env.NEXT_PUBLIC_COMMUNITY_URL || 'https://www.facebook.com/groups/carabala.vn',
  supportUrl: process.env.NEXT_PUBLIC_SUPPORT_URL || 'https://www.facebook.com/carabala.vn',
  siteUrl: process.env.NEXT_PUBLIC_SITE_URL || 'http://localhost:3000',
  guideUrl: process.env.NEXT_PUBLIC_GUIDE_URL || 'https://camnang.carabala.vn',
  appStoreUrl: process.env.NEXT_PUBLIC_APP_STORE_URL || 'https://apps.apple.com/vn/app/carabala/id6400000000',
  playStoreUrl:
    process.env.NEXT_PUBLIC_PLAY_STORE_URL || 'https://play.google.com/store/apps/details?id=vn.carabala.game',
  apkUrl: process.env.NEXT_PUBLIC_APK_URL || 'https://download.carabala.vn/carabala.apk',
});

/** Server-only values; call from server code (proxy, server components). */
export function serverConfig() {
  return serverSchema.parse({
    API_URL: process.env.API_URL || undefined,
    REVALIDATE_SECRET: process.env.REVALIDATE_SECRET || undefined,
  });
}
