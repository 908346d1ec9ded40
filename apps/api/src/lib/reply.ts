import { codes } from '@carabala/contracts';

/** The success envelope (no spread: it is built on every answer). */
export const ok = <T>(data: T, message?: string): { code: typeof codes.success; message?: string; data: T } =>
  message ? { code: codes.success, message, data } : { code: codes.success, data };
