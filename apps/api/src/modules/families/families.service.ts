import {
  type FamilyListQuerySchema,
  type FamilyListResponse,
  type FamilyPlan,
  planStatus,
} from '@portal/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { todayInIndia } from '../../lib/dates.ts';
import { fullName } from '../../lib/names.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { assignedOnly, workspaceOf } from '../../lib/workspace.ts';
import * as repo from './families.repository.ts';

type ListQuery = z.output<typeof FamilyListQuerySchema>;

function toPlan(p: repo.FamilyPlanJson, today: string): FamilyPlan {
  return {
    plan_id: p.id,
    plan_kind: p.kind,
    service_code: p.service_code,
    provider_name: p.provider_name,
    plan_name: p.plan_name,
    policy_number: p.number,
    end_date: p.end_date,
    status: planStatus(p.end_date, p.status, today),
  };
}

/** /dashboard/clients: each primary client with family members and the plans each holds. */
export async function listFamilies(
  db: Db,
  subject: TokenSubject,
  page: ListQuery,
): Promise<FamilyListResponse> {
  const ws = workspaceOf(subject);
  const { rows, total } = await repo.familyPage(db, ws.agencyId, page, assignedOnly(ws));
  const today = todayInIndia();
  return {
    items: rows.map((r) => ({
      primary_client_id: r.id,
      client_code: r.clientCode,
      full_name: fullName(r.firstName, r.lastName),
      email: r.email,
      phone: r.phone,
      plans: r.plans.filter((p) => p.secondary_client_id === null).map((p) => toPlan(p, today)),
      members: r.members.map((m) => ({
        secondary_client_id: m.id,
        full_name: fullName(m.first_name, m.last_name),
        relationship: m.relationship,
        plans: r.plans.filter((p) => p.secondary_client_id === m.id).map((p) => toPlan(p, today)),
      })),
    })),
    pagination: { total, limit: page.limit, offset: page.offset },
  };
}
