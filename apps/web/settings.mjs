/**
 * Every setting of the web app, read and checked in this one place, without zod (src/config.ts
 * re-exports it to the pages, so whatever is here reaches the browser's bundle).
 *
 * - serverSettings(): the web server (server.mjs) and the server side of the pages; read at run time.
 * - publicSettings(): NEXT_PUBLIC_* values, which Next.js writes into the pages at build time, so
 *   each one is named in full below (`process.env.NEXT_PUBLIC_…`, never through a variable).
 *
 * A wrong value stops the process at start with every problem listed; an empty value counts as unset.
 */

class Problems {
  list = [];

  /** The value, or the default when unset (undefined or empty). */
  read(value) {
    return value === undefined || value === '' ? undefined : value;
  }

  string(name, value, fallback, { minLength = 1 } = {}) {
    const given = this.read(value);
    if (given === undefined) return fallback;
    if (given.length < minLength) this.list.push(`${name}: at least ${minLength} characters`);
    return given;
  }

  url(name, value, fallback) {
    const given = this.read(value) ?? fallback;
    if (!URL.canParse(given) || !/^https?:$/.test(new URL(given).protocol)) {
      this.list.push(`${name}: an http(s) URL, not "${given}"`);
    }
    return given;
  }

  integer(name, value, fallback, { min, max }) {
    const given = this.read(value);
    if (given === undefined) return fallback;
    const number = /^\s*\d+\s*$/.test(given) ? Number(given) : NaN;
    if (!Number.isSafeInteger(number) || number < min || number > max) {
      this.list.push(`${name}: a whole number from ${min} to ${max}, not "${given}"`);
    }
    return number;
  }

  check(settings) {
    if (this.list.length > 0) {
      throw new Error(`Invalid configuration:\n${this.list.map((line) => `  ${line}`).join('\n')}`);
    }
    return Object.freeze(settings);
  }
}

const seconds = { min: 1, max: 3600 };

/** The server's settings from an environment (the process's by default). */
export function serverSettings(env = process.env) {
  const read = new Problems();
  const settings = {
    PORT: read.integer('PORT', env.PORT, 3000, { min: 0, max: 65535 }),
    WEB_HOST: read.string('WEB_HOST', env.WEB_HOST, '0.0.0.0'),
    /** Where /api/* is forwarded and where server components read data. */
    API_URL: read.url('API_URL', env.API_URL, 'http://127.0.0.1:4000'),
    /**
     * Proxies whose X-Forwarded-For the web believes (addresses, CIDR ranges or 'loopback', comma
     * separated). Empty: nobody; the address the web sees is the client.
     */
    WEB_TRUST_PROXY: read.string('WEB_TRUST_PROXY', env.WEB_TRUST_PROXY, '', { minLength: 0 }),
    /** Strict-Transport-Security max-age in seconds; 0 (the default) sends none. Set it when served over HTTPS. */
    HSTS_MAX_AGE: read.integer('HSTS_MAX_AGE', env.HSTS_MAX_AGE, 0, { min: 0, max: 63_072_000 }),
    /** The secret the API sends to POST /_internal/revalidate; unset, that endpoint answers 404. */
    REVALIDATE_SECRET: read.string('REVALIDATE_SECRET', env.REVALIDATE_SECRET, undefined, { minLength: 32 }),
    /** How long server.mjs keeps a public page in memory (page-cache.mjs); 0 turns that cache off. */
    WEB_PAGE_CACHE_SECONDS: read.integer('WEB_PAGE_CACHE_SECONDS', env.WEB_PAGE_CACHE_SECONDS, 1, {
      min: 0,
      max: 60,
    }),
    /**
     * How long a new web process may spend rendering the public pages before it binds PORT (warm-up.mjs,
     * docs/decisions/026); it binds earlier once every page rendered. 0 binds at once, without warm-up.
     */
    WEB_WARMUP_SECONDS: read.integer('WEB_WARMUP_SECONDS', env.WEB_WARMUP_SECONDS, 30, { min: 0, max: 600 }),
    /** Seconds: a silent connection, a kept-alive one between requests (above nginx's 3 s), headers, a whole request. */
    HTTP_IDLE_TIMEOUT_SECONDS: read.integer('HTTP_IDLE_TIMEOUT_SECONDS', env.HTTP_IDLE_TIMEOUT_SECONDS, 30, seconds),
    HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: read.integer(
      'HTTP_KEEP_ALIVE_TIMEOUT_SECONDS',
      env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS,
      20,
      seconds,
    ),
    HTTP_HEADERS_TIMEOUT_SECONDS: read.integer(
      'HTTP_HEADERS_TIMEOUT_SECONDS',
      env.HTTP_HEADERS_TIMEOUT_SECONDS,
      10,
      seconds,
    ),
    HTTP_REQUEST_TIMEOUT_SECONDS: read.integer(
      'HTTP_REQUEST_TIMEOUT_SECONDS',
      env.HTTP_REQUEST_TIMEOUT_SECONDS,
      30,
      seconds,
    ),
    /**
     * The publisher lines of the footer (Vietnamese game sites show them). Each one left out hides its
     * line: nothing opens with them, so none is required; `npm start` fills in the demo's (DEMO_FOOTER).
     */
    PUBLISHER_NAME: read.string('PUBLISHER_NAME', env.PUBLISHER_NAME, undefined),
    PUBLISHER_ADDRESS: read.string('PUBLISHER_ADDRESS', env.PUBLISHER_ADDRESS, undefined),
    PUBLISHER_LICENCE: read.string('PUBLISHER_LICENCE', env.PUBLISHER_LICENCE, undefined),
    /** The game's age rating, e.g. 12+. */
    AGE_RATING: read.string('AGE_RATING', env.AGE_RATING, undefined),
  };
  const rating = settings.AGE_RATING;
  if (rating !== undefined && !/^\d{1,2}\+$/.test(rating)) {
    read.list.push(`AGE_RATING: an age such as 12+, 16+ or 18+, not "${rating}"`);
  }
  if (settings.HTTP_HEADERS_TIMEOUT_SECONDS > settings.HTTP_REQUEST_TIMEOUT_SECONDS) {
    read.list.push('HTTP_HEADERS_TIMEOUT_SECONDS: must not exceed HTTP_REQUEST_TIMEOUT_SECONDS');
  }
  return read.check(settings);
}

/** The demo's publisher lines: set by `npm start` (demo mode) and the browser suite only, never a default. */
export const DEMO_FOOTER = Object.freeze({
  PUBLISHER_NAME: 'Công ty TNHH Carabala Việt Nam (bản demo)',
  PUBLISHER_ADDRESS: 'Tầng 8, 123 Nguyễn Huệ, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh',
  PUBLISHER_LICENCE: 'Số 000/GP-BTTTT (bản demo, không phải giấy phép thật)',
  AGE_RATING: '12+',
});

/** The public values built into the pages. */
export function publicSettings() {
  const read = new Problems();
  return read.check({
    brand: read.string('NEXT_PUBLIC_BRAND_NAME', process.env.NEXT_PUBLIC_BRAND_NAME, 'Carabala'),
    product: read.string('NEXT_PUBLIC_PRODUCT_NAME', process.env.NEXT_PUBLIC_PRODUCT_NAME, 'carabala'),
    communityUrl: read.url(
      'NEXT_PUBLIC_COMMUNITY_URL',
      process.env.NEXT_PUBLIC_COMMUNITY_URL,
      'https://www.facebook.com/groups/carabala.vn',
    ),
    supportUrl: read.url(
      'NEXT_PUBLIC_SUPPORT_URL',
      process.env.NEXT_PUBLIC_SUPPORT_URL,
      'https://www.facebook.com/carabala.vn',
    ),
    siteUrl: read.url('NEXT_PUBLIC_SITE_URL', process.env.NEXT_PUBLIC_SITE_URL, 'http://localhost:3000'),
    guideUrl: read.url('NEXT_PUBLIC_GUIDE_URL', process.env.NEXT_PUBLIC_GUIDE_URL, 'https://camnang.carabala.vn'),
    appStoreUrl: read.url(
      'NEXT_PUBLIC_APP_STORE_URL',
      process.env.NEXT_PUBLIC_APP_STORE_URL,
      'https://apps.apple.com/vn/app/carabala/id6400000000',
    ),
    playStoreUrl: read.url(
      'NEXT_PUBLIC_PLAY_STORE_URL',
      process.env.NEXT_PUBLIC_PLAY_STORE_URL,
      'https://play.google.com/store/apps/details?id=vn.carabala.game',
    ),
    apkUrl: read.url(
      'NEXT_PUBLIC_APK_URL',
      process.env.NEXT_PUBLIC_APK_URL,
      'https://download.carabala.vn/carabala.apk',
    ),
  });
}
