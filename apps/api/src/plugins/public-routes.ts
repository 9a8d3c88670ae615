import type { FastifyInstance } from 'fastify';

/** Marks every route registered in this (encapsulated) context public: documentation and web files. */
export function markRoutesPublic(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public' };
  });
}
