import type { PublicPage } from '../apps/web/public-pages.mjs';

export const NGINX_CONF: string;
export function nginxMap(pages?: readonly PublicPage[]): string;
export function currentMap(conf: string): string | null;
