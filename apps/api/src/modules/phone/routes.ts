import {
  phoneCodeRequestSchema,
  phoneCodeSentSchema,
  phoneStatusSchema,
  phoneVerifyBodySchema,
} from '@carabala/contracts';
import { jsonRoutes } from '../../lib/routes';

/** The signed-in player's phone verification (/api/phone/...), decision record 057. */
export const phoneRoutes = jsonRoutes(['phone'], (route, { phone: service }) => {
  route('GET /phone', 'user', {
    summary:
      "The account's phone number and its guardian's, masked, whether each is verified, and what the policy requires",
    data: phoneStatusSchema,
    handle: (request) => service.status(request.user!.id),
  });

  route('POST /phone/codes', 'user', {
    summary: "Send a 6-digit code by SMS to the account's number, to a new number for it, or to the guardian's",
    description:
      "A new number (`phone`, target `phone`) becomes the account's only once its code is entered. Refusals: " +
      '`api.phone.no_phone`, `api.phone.no_guardian`, `api.phone.taken` (409); `api.phone.wait` (429, the ' +
      'sentence says how long: one code a minute per number, a few an hour per number, account and address); ' +
      '`api.phone.sms_unavailable` (503: no SMS provider is configured); `api.phone.sms_failed` (502).',
    body: phoneCodeRequestSchema,
    data: phoneCodeSentSchema,
    handle: (request) => service.sendCode(request.user!, request.body, request.ip),
  });

  route('POST /phone/verify', 'user', {
    summary: "Enter the code: the number (or the guardian's) is verified; answers the new status",
    description:
      "Only the account's latest code for the target works, once, for 5 minutes and 5 tries. Refusals on `code`: " +
      '`api.phone.code_invalid` (with the tries left), `api.phone.code_expired`, `api.phone.code_locked`; ' +
      '`api.phone.taken` (409) if another account took the number meanwhile.',
    body: phoneVerifyBodySchema,
    data: phoneStatusSchema,
    handle: (request) => service.verify(request.user!, request.body),
  });
});
