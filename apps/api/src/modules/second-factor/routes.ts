import {
  enrolmentStartSchema,
  otpBodySchema,
  playerSummarySchema,
  recoveryCodesSchema,
  secondFactorStatusSchema,
} from '@carabala/contracts';
import { isUuid } from '../../lib/ids';
import { PendingApproval } from '../../lib/reply';
import { idParams, jsonRoutes } from '../../lib/routes';
import { notFound } from '../../plugins/errors';

const codeRefusals =
  'Refusals: `api.auth.second_factor.invalid` and `api.auth.second_factor.reused` on the field `otp`; ' +
  'too many wrong codes answer 429.';

/**
 * The staff second factor: enrolment, status, step-up, recovery codes (/api/auth/...), and an admin's
 * reset of another staff member's (/api/internal/users/{id}/second-factor). Decision record 029.
 */
export const secondFactorRoutes = jsonRoutes(['auth'], (route, { secondFactor: service }, { config }) => {
  route('GET /auth/second-factor', 'user', {
    summary: 'Whether this account has a second factor and whether this session entered a code',
    data: secondFactorStatusSchema,
    handle: (request) => service.status(request.user!),
  });

  route('POST /auth/second-factor/enrolment', 'user', {
    summary: 'Start enrolling an authenticator app (staff): a new secret and its otpauth address',
    description: 'Refusal: `api.auth.second_factor.already_enrolled` (409). The secret is on only once confirmed.',
    data: enrolmentStartSchema,
    handle: (request) => service.startEnrolment(request.user!, `${config.BRAND_NAME}:#${request.user!.shortId}`),
  });

  route('POST /auth/second-factor/enrolment/confirm', 'user', {
    summary: 'Confirm the enrolment with one code; answers the 10 recovery codes, shown once',
    description: `${codeRefusals} \`api.auth.second_factor.not_started\` (409) without a started enrolment.`,
    body: otpBodySchema,
    data: recoveryCodesSchema,
    handle: (request) => service.confirmEnrolment(request.user!, request.body.otp),
  });

  route('POST /auth/step-up', 'user', {
    summary: 'Enter a code (or a recovery code): money and power actions pass for the next 10 minutes',
    description: `${codeRefusals} \`api.auth.second_factor.not_enrolled\` (409).`,
    body: otpBodySchema,
    data: secondFactorStatusSchema,
    handle: async (request) => {
      await service.stepUp(request.user!, request.body.otp);
      return service.status({ ...request.user!, secondFactorAt: new Date() });
    },
  });

  route('DELETE /auth/step-up', 'user', {
    summary: 'End the step-up window now: the next money or power action asks for a code again',
    data: secondFactorStatusSchema,
    handle: async (request) => {
      await service.endStepUp(request.user!);
      return service.status({ ...request.user!, secondFactorAt: request.user!.secondFactorAt && new Date(0) });
    },
  });

  route('POST /auth/second-factor/recovery-codes', 'user', {
    stepUp: true,
    summary: 'Replace the recovery codes with 10 new ones, shown once',
    data: recoveryCodesSchema,
    handle: (request) => service.regenerateRecoveryCodes(request.user!),
  });

  route('POST /internal/users/:id/second-factor/reset', 'players.second-factor', {
    tags: ['internal'],
    stepUp: true,
    summary: "Reset another staff member's second factor and end their sessions (audited)",
    description:
      'Refusal: `api.auth.second_factor.self_reset` (400). The member enrols again at the next sign-in. ' +
      "Another admin's reset waits for a second admin: 202 `api.approval.pending`.",
    params: idParams,
    data: playerSummarySchema.pick({ id: true, shortId: true }),
    approval: true,
    handle: async (request) => {
      const account = isUuid(request.params.id) ? await service.reset(request.user!, { id: request.params.id }) : null;
      if (!account) throw notFound('common.playerNotFound');
      if (account instanceof PendingApproval) return account;
      return { id: account.id, shortId: account.shortId };
    },
  });
});
