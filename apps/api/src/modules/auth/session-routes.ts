import { deviceSessionListSchema } from '@carabala/contracts';
import { idParams, jsonRoutes } from '../../lib/routes';

/** The caller's signed-in devices (/api/auth/sessions): the list and ending one (decision record 028). */
export const sessionRoutes = jsonRoutes(['auth'], (route, { sessions: service }) => {
  route('GET /auth/sessions', 'user', {
    summary: 'My signed-in devices (device, address, last seen) and, for staff, new-device sign-ins to notice',
    description:
      '`newDeviceSignIns`: staff sign-ins from a device the account had not used, made since this ' +
      "device's previous sign-in; the console shows them once after a sign-in.",
    data: deviceSessionListSchema,
    handle: (request) => service.list(request.user!),
  });

  route('DELETE /auth/sessions/:id', 'user', {
    summary: 'End one of my sessions (this device too, which signs it out); refused on every API process at once',
    params: idParams,
    handle: (request) => service.end(request.user!, request.params.id),
  });
});
