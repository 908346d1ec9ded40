import type { PublicContent } from '@carabala/contracts';

export interface PublicPage {
  readonly path: string;
  readonly query?: string;
  readonly caseless?: boolean;
  readonly page: string;
  readonly shows: readonly PublicContent[];
  readonly warm?: string;
}

export const PUBLIC_PAGES: readonly PublicPage[];
export function addressPattern(row: Pick<PublicPage, 'path' | 'query'>): string;
export function addressOf(row: Pick<PublicPage, 'path' | 'query' | 'caseless'>): RegExp;
export function isPublicAddress(url: string): boolean;
export function routeOf(row: Pick<PublicPage, 'page'>): string;
export const WARM_PAGES: readonly string[];
export const LINKED_PAGES: readonly RegExp[];
export function revalidation(changed: readonly PublicContent[]): { tags: PublicContent[]; routes: string[] };
