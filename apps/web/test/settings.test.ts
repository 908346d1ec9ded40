import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_FOOTER, publicSettings, serverSettings } from '../settings.mjs';

/** The problems a refused environment lists, one a line. */
const problems = (env: Record<string, string | undefined>) => {
  try {
    serverSettings(env);
  } catch (error) {
    return (error as Error).message
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
  }
  throw new Error('the settings were accepted');
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('serverSettings', () => {
  it('has a default for every setting, so an empty environment starts a local web', () => {
    expect(serverSettings({})).toEqual({
      PORT: 3000,
      WEB_HOST: '0.0.0.0',
      API_URL: 'http://127.0.0.1:4000',
      WEB_TRUST_PROXY: '',
      HSTS_MAX_AGE: 0,
      REVALIDATE_SECRET: undefined,
      WEB_PAGE_CACHE_SECONDS: 1,
      WEB_WARMUP_SECONDS: 30,
      HTTP_IDLE_TIMEOUT_SECONDS: 30,
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: 20,
      HTTP_HEADERS_TIMEOUT_SECONDS: 10,
      HTTP_REQUEST_TIMEOUT_SECONDS: 30,
      PUBLISHER_NAME: undefined,
      PUBLISHER_ADDRESS: undefined,
      PUBLISHER_LICENCE: undefined,
      AGE_RATING: undefined,
    });
  });

  it('reads the footer publisher lines, and refuses an age rating that is not an age', () => {
    expect(serverSettings({ ...DEMO_FOOTER })).toMatchObject(DEMO_FOOTER);
    expect(problems({ AGE_RATING: 'teen' })).toEqual(['AGE_RATING: an age such as 12+, 16+ or 18+, not "teen"']);
  });

  it('reads what is given, numbers as numbers', () => {
    const settings = serverSettings({
      PORT: '8080',
      API_URL: 'https://api.example.vn',
      WEB_TRUST_PROXY: 'loopback, 10.0.0.0/8',
      HSTS_MAX_AGE: '31536000',
      REVALIDATE_SECRET: 'x'.repeat(32),
      WEB_PAGE_CACHE_SECONDS: '0',
      WEB_WARMUP_SECONDS: ' 0 ',
    });
    expect(settings).toMatchObject({
      PORT: 8080,
      API_URL: 'https://api.example.vn',
      WEB_TRUST_PROXY: 'loopback, 10.0.0.0/8',
      HSTS_MAX_AGE: 31_536_000,
      REVALIDATE_SECRET: 'x'.repeat(32),
      WEB_PAGE_CACHE_SECONDS: 0,
      WEB_WARMUP_SECONDS: 0,
    });
  });

  it('counts an empty value as unset', () => {
    expect(serverSettings({ PORT: '', API_URL: '', REVALIDATE_SECRET: '' })).toMatchObject({
      PORT: 3000,
      API_URL: 'http://127.0.0.1:4000',
      REVALIDATE_SECRET: undefined,
    });
  });

  it('is frozen: a page cannot change a setting for the others', () => {
    expect(Object.isFrozen(serverSettings({}))).toBe(true);
  });

  it('refuses an API address that is not http(s)', () => {
    expect(problems({ API_URL: 'ftp://api.example.vn' })).toEqual([
      'API_URL: an http(s) URL, not "ftp://api.example.vn"',
    ]);
    expect(problems({ API_URL: '127.0.0.1:4000' })).toHaveLength(1);
  });

  it('refuses numbers out of range, signed, fractional or not numbers at all', () => {
    const refused: [string, string][] = [
      ['PORT', '65536'],
      ['PORT', '-1'],
      ['PORT', '80.5'],
      ['WEB_PAGE_CACHE_SECONDS', '61'],
      ['WEB_WARMUP_SECONDS', '601'],
      ['HTTP_IDLE_TIMEOUT_SECONDS', '0'],
      ['HSTS_MAX_AGE', 'one year'],
    ];
    for (const [name, value] of refused) {
      expect(problems({ [name]: value }), `${name}=${value}`).toEqual([
        expect.stringMatching(new RegExp(`^${name}: a whole number from \\d+ to [\\d]+, not "${value}"$`)),
      ]);
    }
  });

  it('refuses a revalidation secret shorter than 32 characters', () => {
    expect(problems({ REVALIDATE_SECRET: 'x'.repeat(31) })).toEqual(['REVALIDATE_SECRET: at least 32 characters']);
  });

  it('refuses a header timeout longer than the whole request may take', () => {
    expect(problems({ HTTP_HEADERS_TIMEOUT_SECONDS: '40' })).toEqual([
      'HTTP_HEADERS_TIMEOUT_SECONDS: must not exceed HTTP_REQUEST_TIMEOUT_SECONDS',
    ]);
    expect(serverSettings({ HTTP_HEADERS_TIMEOUT_SECONDS: '30' }).HTTP_HEADERS_TIMEOUT_SECONDS).toBe(30);
  });

  it('lists every problem at once', () => {
    expect(problems({ PORT: 'x', API_URL: 'nope', REVALIDATE_SECRET: 'short' })).toEqual([
      'PORT: a whole number from 0 to 65535, not "x"',
      'API_URL: an http(s) URL, not "nope"',
      'REVALIDATE_SECRET: at least 32 characters',
    ]);
  });
});

describe('publicSettings', () => {
  it('has the product defaults', () => {
    for (const name of ['NEXT_PUBLIC_BRAND_NAME', 'NEXT_PUBLIC_SUPPORT_URL', 'NEXT_PUBLIC_SITE_URL']) {
      vi.stubEnv(name, '');
    }
    expect(publicSettings()).toMatchObject({
      brand: 'Carabala',
      supportUrl: 'https://www.facebook.com/carabala.vn',
      siteUrl: 'http://localhost:3000',
    });
  });

  it('takes the values built into the pages', () => {
    vi.stubEnv('NEXT_PUBLIC_BRAND_NAME', 'Cá Rá Bá Là');
    vi.stubEnv('NEXT_PUBLIC_SITE_URL', 'https://carabala.vn');
    expect(publicSettings()).toMatchObject({ brand: 'Cá Rá Bá Là', siteUrl: 'https://carabala.vn' });
  });

  it('refuses a link that is not http(s)', () => {
    vi.stubEnv('NEXT_PUBLIC_APK_URL', 'javascript:alert(1)');
    expect(() => publicSettings()).toThrow('NEXT_PUBLIC_APK_URL: an http(s) URL, not "javascript:alert(1)"');
  });
});
