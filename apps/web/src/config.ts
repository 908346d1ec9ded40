import { publicSettings, serverSettings, type ServerSettings } from '../settings.mjs';

/**
 * The web app's configuration, from the one settings module (../settings.mjs, zod-free, so nothing
 * heavy reaches the browser through here). Public values are inlined at build time by Next.js
 * (NEXT_PUBLIC_*); server values come from the environment at run time.
 */
export const publicConfig = publicSettings();

let server: ServerSettings | undefined;

/** Server-only values, read once; call from server code (proxy, server components, route handlers). */
export function serverConfig(): ServerSettings {
  server ??= serverSettings();
  return server;
}
