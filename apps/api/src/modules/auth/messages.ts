import { sentence } from '@carabala/contracts';

/** The auth module's refusals: keys of the message catalogue (decision record 053). */
export const authMessages = {
  tooManyAttempts: (minutes: number) => sentence('auth.tooManyAttempts', { minutes }),
  wrongPassword: 'api.auth.product.password.invalid',
  unverified: 'api.auth.product.unactivated',
  sessionNotFound: 'auth.sessionNotFound',
};
