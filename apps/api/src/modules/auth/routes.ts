import { loginResultSchema, productLoginBodySchema } from '@carabala/contracts';
import { jsonRoutes } from '../../lib/routes';
import { signInClientOf } from './sessions';

export const authRoutes = jsonRoutes(['auth'], (route, { auth: service }, { config }) => {
  const passwordSignIn = (path: `/${string}`, summary: string, operationId: string) =>
    route(`POST ${path}`, 'public', {
      operationId,
      summary,
      description:
        `Refusals on their field: \`api.auth.${config.PRODUCT_NAME}.password.invalid\` on \`password\` for a ` +
        'wrong password and for an unknown username alike (one answer, decision record 040); after a right ' +
        `password, \`api.auth.${config.PRODUCT_NAME}.unactivated\` on \`username\`; ` +
        'too many failures answer 429. A staff account with a second factor answers 428 ' +
        '`api.auth.second_factor_required` and no token until the call carries `otp` (its 6-digit code or a ' +
        'recovery code; `api.auth.second_factor.invalid` or `.reused` on the field `otp` otherwise).',
      body: productLoginBodySchema,
      data: loginResultSchema,
      handle: (request) => service.loginWithPassword(request.body, signInClientOf(request)),
    });
  passwordSignIn(
    `/auth/${config.PRODUCT_NAME}`,
    'Sign in with a product account (username and password)',
    'signInWithProductAccount',
  );
  // The same credentials call also answers under the generic name POST /auth/local.
  passwordSignIn('/auth/local', 'Sign in with a product account (generic name of the same call)', 'signInLocal');

  route('POST /auth/logout', 'user', {
    summary: 'Revoke the current session',
    handle: (request) => service.logout(request.user!.sessionId),
  });
});
