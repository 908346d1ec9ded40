import { codes } from '@carabala/contracts';

/** The success envelope. */
export const ok = <T>(data: T, message?: string) => ({ code: codes.success, ...(message ? { message } : {}), data });
