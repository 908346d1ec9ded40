import { z } from 'zod';
import { otpSchema } from './second-factor';
import { roles } from './permissions';

export const roleSchema = z.enum(roles);

const lengthMessage = 'auth.credentialsLength';
const usernameRequired = 'auth.usernameRequired';

/** The product sign-in form: username and password, each with its own message (`{brand}` in the username's is the product's name, which each side supplies). */
export const loginFormSchema = z.object({
  username: z
    .string({ error: usernameRequired })
    .trim()
    .min(1, { error: usernameRequired, abort: true })
    .min(6, lengthMessage)
    .max(199, lengthMessage),
  password: z
    .string({ error: 'auth.passwordRequired' })
    .min(1, { error: 'auth.passwordRequired', abort: true })
    .min(6, lengthMessage)
    .max(199, lengthMessage),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const productLoginBodySchema = loginFormSchema.extend({
  deviceId: z.string().trim().min(1).max(200),
  /** A staff account with a second factor: its 6-digit code or a recovery code (decision record 029). */
  otp: otpSchema.optional(),
});
export type ProductLoginBody = z.infer<typeof productLoginBodySchema>;

export const meSchema = z.object({
  id: z.string(),
  shortId: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  role: roleSchema,
});
export type Me = z.infer<typeof meSchema>;

export const profileSchema = meSchema.extend({
  username: z.string().nullable(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  identities: z.array(z.object({ provider: z.string(), linkedAt: z.string() })),
});
export type Profile = z.infer<typeof profileSchema>;

export const loginResultSchema = z.object({
  accessToken: z.string(),
  user: meSchema,
});
export type LoginResult = z.infer<typeof loginResultSchema>;
