import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { todayInIndia } from '../../lib/dates.ts';
import { type AnswerCache, keptAnswer } from '../../lib/kept-answers.ts';
import { addRoute } from '../../lib/route.ts';
import { keptFor, workspaceOf } from '../../lib/workspace.ts';
import { caller } from '../../plugins/access.ts';
import { agencyDashboard } from './dashboard.service.ts';

export function dashboardRoutes(app: FastifyInstance, deps: { db: Db; answers: AnswerCache }): void {
  addRoute(app, endpoints.agencyDashboard, ({ req, reply }) => {
    const subject = caller(req);
    const ws = workspaceOf(subject);
    // The owner's and admins' figures are read from trigger-kept totals. An agent's are counted from their
    // clients, so the answer is kept per agent and calendar day until the agency's clients, families or plans
    // change (a reassignment is a change of its clients: decision 034).
    if (ws.agentId === null) return agencyDashboard(deps.db, subject);
    const day = todayInIndia();
    const where = { agencyId: ws.agencyId, day, key: `dashboard ${keptFor(ws)}` };
    return keptAnswer(req, reply, deps.answers, where, endpoints.agencyDashboard.response, () =>
      agencyDashboard(deps.db, subject, day),
    );
  });
}
