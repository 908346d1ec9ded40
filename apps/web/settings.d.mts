export interface ServerSettings {
  readonly PORT: number;
  readonly WEB_HOST: string;
  readonly API_URL: string;
  readonly WEB_TRUST_PROXY: string;
  readonly HSTS_MAX_AGE: number;
  readonly REVALIDATE_SECRET: string | undefined;
  readonly WEB_PAGE_CACHE_SECONDS: number;
  readonly WEB_WARMUP_SECONDS: number;
  readonly HTTP_IDLE_TIMEOUT_SECONDS: number;
  readonly HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: number;
  readonly HTTP_HEADERS_TIMEOUT_SECONDS: number;
  readonly HTTP_REQUEST_TIMEOUT_SECONDS: number;
  readonly PUBLISHER_NAME: string | undefined;
  readonly PUBLISHER_ADDRESS: string | undefined;
  readonly PUBLISHER_LICENCE: string | undefined;
  readonly AGE_RATING: string | undefined;
}

export const DEMO_FOOTER: Readonly<{
  PUBLISHER_NAME: string;
  PUBLISHER_ADDRESS: string;
  PUBLISHER_LICENCE: string;
  AGE_RATING: string;
}>;

export interface PublicSettings {
  readonly brand: string;
  readonly product: string;
  readonly communityUrl: string;
  readonly supportUrl: string;
  readonly siteUrl: string;
  readonly guideUrl: string;
  readonly appStoreUrl: string;
  readonly playStoreUrl: string;
  readonly apkUrl: string;
}

export function serverSettings(env?: Record<string, string | undefined>): ServerSettings;
export function publicSettings(): PublicSettings;
