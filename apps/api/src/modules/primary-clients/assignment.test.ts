import { randomUUID } from 'node:crypto';
import { AgentListResponseSchema, ASSIGN_MAX_CLIENTS, AssignClientsResponseSchema } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../test/fixtures/primary-clients.ts';
import { ownerWithToken } from '../../../test/fixtures/providers.ts';
import { bearer, createStaff, createTestApp, signInToken, type TestApp } from '../../../test/helpers.ts';
import { auditLog, primaryClients, users } from '../../db/schema.ts';
import { AGENT_NOT_AGENT } from './assignment.service.ts';

// Issue 25 item 3 (decision 034): the owner and agency admins assign clients to an active agent of the agency,
// or to nobody; all or nothing, an audit entry per client that changed hands.

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithToken>>;
let admin: string;
let agent: { userId: string; token: string };
let clients: string[];

const url = '/api/users/primary-clients/assignment';
const assign = (token: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers: bearer(token), payload: payload as object });
const agentsOf = async (token: string) =>
  AgentListResponseSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/users/agents', headers: bearer(token) })).json(),
  ).data;
const assignedOf = async (ids: string[]) =>
  Object.fromEntries(
    (
      await t.db
        .select({ id: primaryClients.id, agent: primaryClients.assignedAgentId })
        .from(primaryClients)
        .where(inArray(primaryClients.id, ids))
    ).map((r) => [r.id, r.agent]),
  );

beforeAll(async () => {
  t = await createTestApp();
  owner = await ownerWithToken(t.app);
  const host = owner.agency.host;
  const aa = await createStaff(t, owner.agency.agencyId, 'AA');
  admin = await signInToken(t.app, { ...aa, host });
  const ag = await createStaff(t, owner.agency.agencyId, 'AG', { fullName: 'Arjun Mehta' });
  agent = { userId: ag.userId, token: await signInToken(t.app, { ...ag, host }) };
  clients = [];
  for (const first of ['Rohan', 'Meera', 'Sunita']) {
    clients.push((await createClient(t.app, owner.token, { first_name: first })).primary_client_id);
  }
});
afterAll(() => t?.close());

describe('assigning clients to agents', () => {
  it('assigns many at once, audits each change, and lists the agents with their counts', async () => {
    const res = await assign(admin, {
      client_ids: [clients[0], clients[1], clients[0]],
      agent_id: agent.userId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = AssignClientsResponseSchema.parse(res.json());
    expect(body.data).toEqual({ changed: 2, agent: { id: agent.userId, name: 'Arjun Mehta' } });
    expect(body.message).toBe('2 clients assigned to Arjun Mehta.');
    expect(await assignedOf(clients)).toEqual({
      [clients[0]!]: agent.userId,
      [clients[1]!]: agent.userId,
      [clients[2]!]: null,
    });
    const [row] = await agentsOf(owner.token);
    expect(row).toMatchObject({ id: agent.userId, name: 'Arjun Mehta', active: true, assigned_clients: 2 });
    // Again: nothing changes hands, nothing is audited twice.
    const again = AssignClientsResponseSchema.parse(
      (await assign(owner.token, { client_ids: [clients[0]], agent_id: agent.userId })).json(),
    );
    expect(again.data.changed).toBe(0);
    // Back to nobody.
    expect((await assign(owner.token, { client_ids: [clients[1]], agent_id: null })).statusCode).toBe(200);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'primary_client.assign'), inArray(auditLog.targetId, clients)));
    expect(audit.map((e) => [e.targetId, e.targetType, e.actorRole, e.detail]).sort()).toEqual(
      [
        [clients[0], 'primary_client', 'AA', { from: null, to: agent.userId }],
        [clients[1], 'primary_client', 'AA', { from: null, to: agent.userId }],
        [clients[1], 'primary_client', 'AO', { from: agent.userId, to: null }],
      ].sort(),
    );
    expect((await agentsOf(admin))[0]?.assigned_clients).toBe(1);
  });

  it('refuses an unknown or another agency’s client by naming the field, and writes nothing', async () => {
    const elsewhere = await ownerWithToken(t.app);
    const foreign = (await createClient(t.app, elsewhere.token)).primary_client_id;
    const before = await assignedOf(clients);
    for (const stranger of [foreign, randomUUID()]) {
      const res = await assign(owner.token, { client_ids: [clients[2], stranger], agent_id: agent.userId });
      expect(res.statusCode).toBe(404);
      expect(res.json().fields.client_ids).toMatch(/No client of your agency exists with this id/);
    }
    const one = await assign(owner.token, { client_ids: [foreign], agent_id: null });
    expect(one.json()).toEqual(
      (await assign(owner.token, { client_ids: [randomUUID()], agent_id: null })).json(),
    );
    expect(await assignedOf(clients)).toEqual(before);
    expect(await assignedOf([foreign])).toEqual({ [foreign]: null });
  });

  it('takes only an active agent of the agency, naming agent_id', async () => {
    const elsewhere = await ownerWithToken(t.app);
    const theirAgent = await createStaff(t, elsewhere.agency.agencyId, 'AG');
    const aa = await createStaff(t, owner.agency.agencyId, 'AA');
    const gone = await createStaff(t, owner.agency.agencyId, 'AG');
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, gone.userId));
    const before = await assignedOf(clients);
    for (const id of [theirAgent.userId, aa.userId, owner.agency.userId, gone.userId, randomUUID()]) {
      const res = await assign(owner.token, { client_ids: [clients[2]], agent_id: id });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().fields).toEqual({ agent_id: AGENT_NOT_AGENT });
    }
    expect(await assignedOf(clients)).toEqual(before);
    // The inactive agent is still listed, as inactive, for the owner to see whom their clients were with.
    expect((await agentsOf(owner.token)).find((r) => r.id === gone.userId)?.active).toBe(false);
  });

  it('validates the body and is the managers’ alone', async () => {
    const cases: Array<[unknown, string]> = [
      [{ client_ids: [], agent_id: null }, 'client_ids'],
      [
        { client_ids: Array.from({ length: ASSIGN_MAX_CLIENTS + 1 }, () => randomUUID()), agent_id: null },
        'client_ids',
      ],
      [{ client_ids: ['not-an-id'], agent_id: null }, 'client_ids.0'],
      [{ client_ids: [clients[0]], agent_id: 'someone' }, 'agent_id'],
      [{ client_ids: [clients[0]] }, 'agent_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await assign(owner.token, payload);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), field).toContain(field);
    }
    expect((await assign(agent.token, { client_ids: [clients[0]], agent_id: agent.userId })).statusCode).toBe(
      403,
    );
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/users/agents',
      headers: bearer(agent.token),
    });
    expect(list.statusCode).toBe(403);
  });
});
