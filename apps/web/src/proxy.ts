import { NextResponse, type NextRequest } from 'next/server';
import { serverConfig } from './config';

const { API_URL } = serverConfig();

/** Metrics are for Prometheus on the private network, never through the site (however the path is spelled). */
function isPrivate(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A broken escape reaches the API as is and is refused there.
  }
  return /^\/api\/+metrics(\/|$)/i.test(path);
}

/**
 * The browser talks to one origin: /api/* is forwarded to the API at run time. The request carries
 * the X-Forwarded-For that server.mjs wrote (the address the web saw, never the client's own header).
 */
export function proxy(request: NextRequest) {
  if (isPrivate(request.nextUrl.pathname)) {
    return NextResponse.json({ code: 'api.error', message: 'Không tìm thấy.' }, { status: 404 });
  }
  const target = new URL(request.nextUrl.pathname + request.nextUrl.search, API_URL);
  return NextResponse.rewrite(target);
}

export const config = { matcher: '/api/:path*' };
