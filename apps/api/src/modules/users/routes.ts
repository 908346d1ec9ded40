import { meSchema, profileSchema } from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonRoutes } from '../../lib/routes';

export async function userRoutes(app: FastifyInstance) {
  const service = app.services.users;
  const route = jsonRoutes(app, ['users']);

  route({
    method: 'GET',
    url: '/me',
    access: 'user',
    summary: 'The signed-in user',
    data: meSchema,
    handle: async (request) => {
      const { id, shortId, displayName, avatar, role } = request.user!;
      return { id, shortId, displayName, avatar, role };
    },
  });

  route({
    method: 'GET',
    url: '/profile',
    access: 'user',
    summary: 'The full record of the signed-in user',
    data: profileSchema,
    handle: (request) => service.profile(request.user!.id),
  });
}
