import next from 'next';
import { createWebServer } from './http-server.mjs';
import { refuseBadImageAddress } from './image-guard.mjs';
import { pageCache } from './page-cache.mjs';
import { compileTrust, secureHandler } from './security.mjs';
import { shortSharedCaching } from './shared-caching.mjs';
import { publicSettings, serverSettings } from './settings.mjs';
import { unavailablePages } from './unavailable-page.mjs';
import { warmUp } from './warm-up.mjs';

/**
 * The web server: Next.js's request handler behind a thin wrapper that sets the real client address
 * and the security headers (see security.mjs and docs/decisions/009), and in production a short
 * microcache of the public pages in front of both (page-cache.mjs, docs/decisions/021); the pages tell a
 * CDN to keep them only seconds (shared-caching.mjs, docs/decisions/037). A page that
 * failed because the API was away is answered 503 (unavailable-page.mjs), and in production the public
 * port is bound only once the public pages have been rendered (warm-up.mjs, docs/decisions/026). Bad
 * image addresses are refused before Next sees them (image-guard.mjs) and connections have timeouts
 * (http-server.mjs, docs/decisions/027). `--dev` runs Next in watch mode. Every setting is read and
 * checked here first (settings.mjs).
 */
const dev = process.argv.includes('--dev');
const settings = serverSettings();
publicSettings();
const app = next({ dev, dir: import.meta.dirname, hostname: settings.WEB_HOST, port: settings.PORT });
await app.prepare();

// Facebook's SDK origins enter the policy only while the API says Facebook sign-in is configured.
let facebook = false;
async function refreshProviders() {
  try {
    const response = await fetch(new URL('/api/auth/providers', settings.API_URL), {
      signal: AbortSignal.timeout(5000),
    });
    if (response.ok) facebook = Boolean((await response.json()).data?.facebook);
  } catch {
    // The API is not up yet: keep the last answer (none at start) and ask again soon.
  }
}
await refreshProviders();
setInterval(refreshProviders, 30_000).unref();

const nextHandle = app.getRequestHandler();
const handle = shortSharedCaching(
  (request, response) => refuseBadImageAddress(request, response) || nextHandle(request, response),
);
const handler = secureHandler(unavailablePages(handle), {
  trust: compileTrust(settings.WEB_TRUST_PROXY),
  hstsMaxAge: settings.HSTS_MAX_AGE,
  // Development pages run Next's dev tooling (eval, inline refresh scripts): no CSP there.
  facebookConfigured: () => facebook,
  csp: !dev,
});
const seconds = dev ? 0 : settings.WEB_PAGE_CACHE_SECONDS;
const served = seconds > 0 ? pageCache(handler, { seconds }) : handler;
const warm = dev ? 0 : settings.WEB_WARMUP_SECONDS;
if (warm > 0) {
  const ready = new URL('/api/ready', settings.API_URL);
  const { milliseconds, cold } = await warmUp(served, { seconds: warm, ready });
  console.warn(
    `Web warmed up in ${milliseconds} ms${cold.length ? `; not rendered (the API was not ready or did not answer): ${cold.join(' ')}` : ''}`,
  );
}
const server = createWebServer(served, settings);
server.listen(settings.PORT, settings.WEB_HOST, () => {
  console.warn(`Web listening on http://${settings.WEB_HOST}:${settings.PORT}${dev ? ' (dev)' : ''}`);
});
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
