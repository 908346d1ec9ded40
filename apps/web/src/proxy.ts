import { DEFAULT_STORE_TAB, isStoreTab } from '@carabala/contracts/catalogue';
import { NextResponse, type NextRequest } from 'next/server';
import { serverConfig } from './config';

const { API_URL } = serverConfig();

/**
 * Metrics are for Prometheus on the private network, and the API's document (every staff route and its
 * roles) for whoever reaches the API's own address: neither through the site, however the path is spelled.
 */
function isPrivate(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A broken escape reaches the API as is and is refused there.
  }
  return /^\/api\/+(metrics|docs)(\/|$)/i.test(path);
}

/**
 * The browser talks to one origin: /api/* is forwarded to the API at run time, with the
 * X-Forwarded-For that server.mjs wrote (the address the web saw, never the client's own header).
 * /store without a valid tab goes to the first tab here, so that the store page itself stays static
 * (docs/decisions/011).
 */
export function proxy(request: NextRequest) {
  const { pathname, search, searchParams } = request.nextUrl;
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    if (isPrivate(pathname)) {
      return NextResponse.json({ code: 'api.error' }, { status: 404 });
    }
    const target = new URL(pathname + search, API_URL);
    return NextResponse.rewrite(target);
  }

  if (pathname === '/store' && !isStoreTab(searchParams.get('tab'))) {
    // The first tab, keeping the other parameters after it.
    const kept = new URLSearchParams({ tab: DEFAULT_STORE_TAB });
    for (const [key, value] of searchParams) if (key !== 'tab') kept.append(key, value);
    const url = request.nextUrl.clone();
    url.search = kept.toString();
    return NextResponse.redirect(url);
  }

  return NextResponse.next();
}

export const config = { matcher: ['/api/:path*', '/store'] };
