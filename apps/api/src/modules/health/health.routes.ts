import { endpoints, PORTAL_VERSION } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { addRoute } from '../../lib/route.ts';

export function healthRoutes(app: FastifyInstance, database: Database): void {
  addRoute(app, endpoints.health, async () => {
    // The load as the call came in: a database that is slow to answer does not hide the shedding.
    const load = app.load();
    await database.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: database.engine, version: PORTAL_VERSION, load };
  });
}
