import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { primaryClients, users } from '../../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The demo agency's staff (issue 25 item 7): an agency admin and two agents, printed at first start and listed in
 * the README. Their passwords are set (not invitations), so the team screen shows them active.
 */
export const DEMO_STAFF = [
  {
    role: 'AA',
    email: 'admin@demoagency.in',
    password: 'Demo#Admin2026',
    fullName: 'Kavita Rao',
    phone: '9820011111',
  },
  {
    role: 'AG',
    email: 'agent1@demoagency.in',
    password: 'Demo#Agent2026',
    fullName: 'Arjun Nair',
    phone: '9820022222',
  },
  {
    role: 'AG',
    email: 'agent2@demoagency.in',
    password: 'Demo#Agent2026',
    fullName: 'Sneha Kulkarni',
    phone: '9820033333',
  },
] as const;

/**
 * Inserts the staff and shares the agency's clients between the two agents: the first agent the first two clients
 * by client code (Priya Sharma, the demo client, among them), the second the next two; the rest stay unassigned,
 * as a newly signed client would be.
 */
export async function seedDemoStaff(tx: Tx, agencyId: string, hashes: readonly string[]): Promise<void> {
  const ids: string[] = [];
  for (const [i, staff] of DEMO_STAFF.entries()) {
    const [row] = await tx
      .insert(users)
      .values({
        role: staff.role,
        agencyId,
        email: staff.email,
        passwordHash: hashes[i]!,
        fullName: staff.fullName,
        phone: staff.phone,
        passwordChangedAt: new Date(),
      })
      .returning({ id: users.id });
    ids.push(row!.id);
  }
  const clients = await tx
    .select({ id: primaryClients.id })
    .from(primaryClients)
    .where(eq(primaryClients.agencyId, agencyId))
    .orderBy(asc(primaryClients.clientCode));
  const share = [clients.slice(0, 2), clients.slice(2, 4)];
  for (const [n, agentId] of [ids[1]!, ids[2]!].entries()) {
    const mine = share[n]!.map((c) => c.id);
    if (mine.length === 0) continue;
    await tx
      .update(primaryClients)
      .set({ assignedAgentId: agentId })
      .where(and(eq(primaryClients.agencyId, agencyId), inArray(primaryClients.id, mine)));
  }
}
