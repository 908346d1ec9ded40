import { envelope, meSchema, profileSchema } from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { getProfile } from './service';

export async function userRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/me',
    {
      onRequest: app.requireUser,
      schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: envelope(meSchema) } },
    },
    async (request) => {
      const { sessionId: _session, ...me } = request.user!;
      return ok(me);
    },
  );

  routes.get(
    '/profile',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'The full record of the signed-in user',
        response: { 200: envelope(profileSchema) },
      },
    },
    async (request) => ok(await getProfile(app.db, request.user!.id)),
  );
}
