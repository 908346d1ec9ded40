import {
  accountOptionsSchema,
  passwordResetBodySchema,
  passwordResetRequestSchema,
  resendVerificationBodySchema,
  signUpBodySchema,
  signUpResultSchema,
  verifyEmailBodySchema,
} from '@carabala/contracts';
import { jsonRoutes } from '../../lib/routes';

export const accountRoutes = jsonRoutes(['accounts'], (route, { accounts }) => {
  route('GET /accounts/options', 'public', {
    summary: 'Whether this site takes sign-ups',
    description: 'False with GAME_API_URL: the game owns the players’ accounts and sign-up happens there.',
    data: accountOptionsSchema,
    handle: async () => accounts.options(),
  });

  route('POST /accounts/sign-up', 'public', {
    operationId: 'signUp',
    summary: 'Sign up: an unverified player account and a verification e-mail',
    description:
      'One answer, `{ email }`, whether or not the address or the phone already has an account (its holder ' +
      'is mailed a reset link instead); a taken username is refused on its field (`api.account.username_taken`). ' +
      'Under 16 (Vietnam’s calendar) the guardian’s name and phone are required, refused otherwise. With ' +
      'GAME_API_URL: 403 `api.account.sign_up_elsewhere`. Throttled per address (429). Decision record 056.',
    body: signUpBodySchema,
    data: signUpResultSchema,
    handle: (request) => accounts.signUp(request.body, request.ip),
  });

  route('POST /accounts/verify-email', 'public', {
    summary: 'Follow the verification link: its one-time token verifies the account’s e-mail',
    description: 'An unknown, spent or expired token: 400 `api.account.link_invalid` on `token`.',
    body: verifyEmailBodySchema,
    handle: (request) => accounts.verifyEmail(request.body.token),
  });

  route('POST /accounts/verify-email/resend', 'public', {
    summary: 'Resend the verification e-mail: a new link, if the username has an unverified account',
    description: 'The same answer whether or not it sent one; throttled per address and per username (429).',
    body: resendVerificationBodySchema,
    handle: (request) => accounts.resendVerification(request.body.username, request.ip),
  });

  route('POST /accounts/password-reset/request', 'public', {
    summary: 'Forgotten password: a reset link (30 minutes, once) to the account of a username or an e-mail address',
    description:
      'The same answer whether or not the account exists; throttled per address and per username or address ' +
      'asked (429), and per account (silently).',
    body: passwordResetRequestSchema,
    handle: (request) => accounts.requestPasswordReset(request.body.login, request.ip),
  });

  route('POST /accounts/password-reset', 'public', {
    summary: 'Set a new password with a reset link; every session of the account ends',
    description:
      'An unknown, spent or expired token: 400 `api.account.link_invalid` on `token`. A staff member’s ' +
      'second factor stays: the next sign-in still asks for its code; the reset is in the audit log.',
    body: passwordResetBodySchema,
    handle: (request) => accounts.resetPassword(request.body, request.ip),
  });
});
