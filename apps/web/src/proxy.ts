import { NextResponse, type NextRequest } from 'next/server';
import { serverConfig } from './config';

const { API_URL } = serverConfig();

/** The browser talks to one origin: /api/* is forwarded to the API at run time. */
export function proxy(request: NextRequest) {
  const target = new URL(request.nextUrl.pathname + request.nextUrl.search, API_URL);
  return NextResponse.rewrite(target);
}

export const config = { matcher: '/api/:path*' };
