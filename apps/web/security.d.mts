import type { IncomingMessage, ServerResponse } from 'node:http';

export function compileTrust(setting: string): (address: string, index: number) => boolean;
export function inlineScriptHashes(html: string): string[];
export function contentSecurityPolicy(hashes: string[], options: { facebook: boolean }): string;
export function secureHandler(
  handle: (request: IncomingMessage, response: ServerResponse) => unknown,
  options: {
    trust: (address: string, index: number) => boolean;
    hstsMaxAge: number;
    facebookConfigured: () => boolean;
    csp?: boolean;
  },
): (request: IncomingMessage, response: ServerResponse) => unknown;
export function decode(body: Buffer, encoding: string): Buffer;
