import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from './client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

export const dbPlugin = fp(async (app: FastifyInstance, options: { database: Database; closeOnShutdown: boolean }) => {
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  if (options.closeOnShutdown) app.addHook('onClose', () => options.database.close());
});
