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
}

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
