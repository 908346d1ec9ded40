import { z } from 'zod';
import { otpSchema } from './second-factor';
import { roles } from './permissions';

export const roleSchema = z.enum(roles);

const lengthMessage = 'Vui lòng nhập trong khoảng 6-200 kí tự.';

/** The product sign-in form: username and password, each with its own message; `{brand}` in the username message is the product's name. */
export const loginFormSchema = (brand: string) =>
  z.object({
    username: z
      .string({ error: `Vui lòng nhập tên tài khoản ${brand}.` })
      .trim()
      .min(1, { error: `Vui lòng nhập tên tài khoản ${brand}.`, abort: true })
      .min(6, lengthMessage)
      .max(199, lengthMessage),
    password: z
      .string({ error: 'Vui lòng nhập mật khẩu.' })
      .min(1, { error: 'Vui lòng nhập mật khẩu.', abort: true })
      .min(6, lengthMessage)
      .max(199, lengthMessage),
  });
export type LoginForm = z.infer<ReturnType<typeof loginFormSchema>>;

export const productLoginBodySchema = (brand: string) =>
  loginFormSchema(brand).extend({
    deviceId: z.string().trim().min(1).max(200),
    /** A staff account with a second factor: its 6-digit code or a recovery code (decision record 029). */
    otp: otpSchema.optional(),
  });
export type ProductLoginBody = z.infer<ReturnType<typeof productLoginBodySchema>>;

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
