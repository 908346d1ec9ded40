import { meSchema, profileSchema } from '@carabala/contracts';
import { jsonRoutes } from '../../lib/routes';

export const userRoutes = jsonRoutes(['users'], (route, { users: service }) => {
  route('GET /me', 'user', {
    summary: 'The signed-in user',
    data: meSchema,
    handle: async (request) => {
      const { id, shortId, displayName, avatar, role } = request.user!;
      return { id, shortId, displayName, avatar, role };
    },
  });

  route('GET /profile', 'user', {
    summary: 'The full record of the signed-in user',
    data: profileSchema,
    handle: (request) => service.profile(request.user!.id),
  });
});
