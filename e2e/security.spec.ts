import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { apiSignIn, apiURL, expect, test } from './fixtures';

/**
 * What an attacker tries against the running site: forged X-Forwarded-For headers to dodge the
 * per-IP limits, the metrics through the site, and script injection against the page's CSP.
 */

interface Answer {
  status: number;
  body: { code?: string };
}

/**
 * A request through the site from a chosen loopback address (127.0.0.0/8 is all ours), so that the
 * limits this test fills up are not the ones the other tests share on 127.0.0.1.
 */
function throughSite(path: string, options: { from: string; forwardedFor: string; token?: string; body: unknown }) {
  const base = new URL(process.env.E2E_BASE_URL!);
  const payload = JSON.stringify(options.body);
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: 'POST',
        localAddress: options.from,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-forwarded-for': options.forwardedFor,
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

const forged = (index: number) => `203.0.113.${index % 250}, 198.51.100.${index % 250}`;

test.describe('the real client address behind every limit', () => {
  test.describe.configure({ mode: 'serial' });

  test('40 wrong passwords with a new X-Forwarded-For each are refused after the limit @desktop-only', async ({
    page: _page,
  }, testInfo) => {
    const from = testInfo.project.name === 'mobile' ? '127.0.0.71' : '127.0.0.72';
    const statuses: number[] = [];
    for (let index = 0; index < 40; index += 1) {
      const answer = await throughSite('/api/auth/carabala', {
        from,
        forwardedFor: forged(index),
        body: { username: 'player2', password: `wrong-${index}`, deviceId: 'carabala.web.e2e' },
      });
      statuses.push(answer.status);
    }
    // LOGIN_FAILURES_PER_ACCOUNT is 5: five passwords are checked, the other 35 refused unread.
    expect(statuses).toEqual([...Array<number>(5).fill(400), ...Array<number>(35).fill(429)]);
  });

  // Once (desktop): the guesses count against the players' own limits too.
  test('gift-code guesses with a new X-Forwarded-For each are refused after the IP limit @desktop-only', async () => {
    // Two players on one address, fewer guesses each than the per-player limit (10), more together than
    // the per-IP limit the suite runs with (GIFT_CODE_FAILURES_PER_IP=12).
    const players = [await apiSignIn('player2', 'player123'), await apiSignIn('admin1', 'admin123')];
    const statuses: number[] = [];
    for (let index = 0; index < 14; index += 1) {
      const answer = await throughSite('/api/gift-codes/claim', {
        from: '127.0.0.73',
        forwardedFor: forged(index),
        token: players[index % 2]!.accessToken,
        body: { code: `KHONGCOIP${index}` },
      });
      statuses.push(answer.status);
    }
    // An unknown code is a 404; GIFT_CODE_FAILURES_PER_IP is 12.
    expect(statuses).toEqual([...Array<number>(12).fill(404), 429, 429]);
  });
});

test('metrics are not reachable through the site, even with the token @desktop-only', async ({ request }) => {
  const authorization = 'Bearer e2e-metrics-token-0123456789';
  // The token is right: the API itself serves them on its private address.
  expect((await fetch(`${apiURL()}/api/metrics`, { headers: { authorization } })).status).toBe(200);
  for (const path of ['/api/metrics', '/api/Metrics', '/api//metrics', '/api/%6detrics', '/api/metrics/']) {
    const response = await request.get(path, { headers: { authorization }, maxRedirects: 3 });
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain('http_request_duration_seconds');
  }
});

test('a connection that never sends a request is closed by the web and by the API after HTTP_HEADERS_TIMEOUT_SECONDS @desktop-only', async () => {
  // Both servers run with the default, 10 s; Node checks the header limit every second.
  test.setTimeout(60_000);
  const closedAfter = (url: string) =>
    new Promise<number>((resolve, reject) => {
      const started = Date.now();
      // Read, as a client does: a socket that is never read never sees the server's FIN.
      const socket = connect(Number(new URL(url).port), '127.0.0.1').resume();
      socket.on('error', reject);
      socket.on('close', () => resolve((Date.now() - started) / 1000));
    });
  const [web, api] = await Promise.all([closedAfter(process.env.E2E_BASE_URL!), closedAfter(apiURL())]);
  for (const seconds of [web, api]) {
    expect(seconds).toBeGreaterThan(9);
    expect(seconds).toBeLessThan(14);
  }
});

test('the image optimiser refuses an address that is not an image of the site with 400, never 500 @desktop-only', async ({
  request,
}) => {
  const image = (url: string) => `/_next/image?url=${encodeURIComponent(url)}&w=640&q=75`;
  for (const url of ['/\\host/x', '/news/slider-1.webp/', '/news//slider-1.webp', '/store', '/api/health']) {
    const response = await request.get(image(url));
    expect(response.status(), url).toBe(400);
  }
  expect((await request.get('/_next/image?url=/\\host/x&w=640&q=75')).status()).toBe(400);
  const served = await request.get(image('/news/slider-1.webp'));
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^image\//);
});

test.describe('security headers', () => {
  test('every page has a strict CSP with hashes, a Permissions-Policy, and runs under it @desktop-only', async ({
    page,
  }) => {
    for (const path of ['/', '/news', '/store', '/gift-code', '/supports']) {
      const response = await page.goto(path);
      const headers = response!.headers();
      const policy = headers['content-security-policy'] ?? '';
      const scriptSources = policy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
      expect(scriptSources, path).toContain("'sha256-");
      expect(scriptSources, path).not.toContain('unsafe-inline');
      expect(scriptSources, path).not.toContain('unsafe-eval');
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(headers['permissions-policy'], path).toContain('camera=()');
      // The page is interactive: its own inline scripts ran under the policy.
      await expect(page.locator('header')).toBeVisible();
    }
  });

  test('an injected inline script is refused @desktop-only', async ({ page, cspViolations }) => {
    await page.goto('/');
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
    // This test wanted the violation: clear it so the fixture's check passes.
    cspViolations.length = 0;
  });
});
