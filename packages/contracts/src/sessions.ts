import { z } from 'zod';

/** One signed-in device of the caller (GET /api/auth/sessions). */
export const deviceSessionSchema = z.object({
  id: z.string(),
  /** The browser and system in words, e.g. "Chrome trên Windows". */
  device: z.string(),
  /** The client address of the sign-in or of the latest use. */
  address: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of this very call ("Thiết bị này"). */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

/** A staff sign-in from a device the account had not used, since this device's previous sign-in. */
export const newDeviceSignInSchema = z.object({
  device: z.string(),
  address: z.string().nullable(),
  at: z.string(),
});
export type NewDeviceSignIn = z.infer<typeof newDeviceSignInSchema>;

export const deviceSessionListSchema = z.object({
  sessions: z.array(deviceSessionSchema),
  newDeviceSignIns: z.array(newDeviceSignInSchema),
});
export type DeviceSessionList = z.infer<typeof deviceSessionListSchema>;

/** How many live sessions a call ended. */
export const sessionsEndedSchema = z.object({ ended: z.number().int().min(0) });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;
