import { randomUUID } from 'node:crypto';
import { type ImportOutcome, type ImportRow, nameKey, type PlanServiceCode } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { PLANNED_PER_CALL } from '../../db/prepared.ts';
import {
  insurancePolicies,
  insuredMembers,
  investmentAccounts,
  primaryClients,
  providers,
  secondaryClients,
  services,
} from '../../db/schema.ts';
import { planRow } from '../plans/insert-plans.ts';
import { profileColumns } from '../primary-clients/client-columns.ts';
import { nextClientCodes } from '../primary-clients/primary-clients.repository.ts';
import { memberColumns } from '../secondary-clients/member-columns.ts';
import * as repo from './imports.repository.ts';
import { type PlannedHousehold, providerKeyOf } from './plan-import.ts';

// The commit's writes (issue 26 item 5, decision 036): a batch of households in the caller's transaction, each
// kind of record in one statement for the whole batch (new providers, clients, family members, policies, accounts,
// insured members), then the batch's rows' answers in one more. Ids are made here, so no statement waits on
// another's answer. Rows are the same as the forms write: profileColumns, memberColumns and planRow are those of
// Add Primary Client, Add Family Member and Add Plans; a client an agent imports is theirs (issue 25).

export interface Writer {
  agencyId: string;
  jobId: string;
  /** Who commits: the records' created_by. */
  userId: string;
  /** The job's agent, to whom its new clients are assigned; null for the owner's and admins' imports. */
  agentId: string | null;
  encryptionKey: Buffer;
  /** The service catalogue by code. */
  services: Map<string, { id: string; category: 'insurance' | 'investment' }>;
  /** Providers this commit created, by service and lower-case name: later households' plans use the same one. */
  providers: Map<string, string>;
}

/** A household of the plan with its rows as the plan answers them, each at its stored place (`seq`). */
export interface HouseholdWork {
  household: PlannedHousehold;
  rows: Array<{ seq: number; row: ImportRow }>;
}

/** What a row's answer becomes once its household is written. */
export const FINAL_OUTCOME: Record<ImportOutcome, 'created' | 'present' | 'skipped'> = {
  new_client: 'created',
  new_member: 'created',
  new_plan: 'created',
  matched_client: 'present',
  duplicate: 'present',
  error: 'skipped',
  created: 'created',
  present: 'present',
  skipped: 'skipped',
};

export const isFinal = (outcome: string) =>
  outcome === 'created' || outcome === 'present' || outcome === 'skipped';

type Tx = repo.Tx;

export async function loadServices(db: Pick<Tx, 'select'>): Promise<Writer['services']> {
  const rows = await db
    .select({ id: services.id, code: services.code, category: services.category })
    .from(services)
    .where(eq(services.isActive, true));
  return new Map(rows.map((r) => [r.code, { id: r.id, category: r.category }]));
}

/** Many rows per statement, within PostgreSQL's 65,535 parameters (a plan row has about 25 columns). */
const CHUNK = 500;

/**
 * The n-th record of its kind in a batch is stamped n microseconds after the transaction's start, created and
 * updated alike: lists ordered by creation show the file's order, and undo sees a record nobody changed since.
 * The stamp also marks its statement PLANNED_PER_CALL: a batch's INSERT text differs with its number of rows, and
 * named, each would be kept by the pool (db/client.ts) and prepared on a connection for nothing.
 */
const at = (n: number, unit: 'microsecond' | 'millisecond' = 'microsecond') =>
  sql<Date>`(${sql.raw(PLANNED_PER_CALL)} now() + ${n}::int * ${sql.raw(`interval '1 ${unit}'`)})`;
const stamp = (n: number) => {
  const when = at(n);
  return { createdAt: when, updatedAt: when };
};

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Writes the households of `batch` in `tx` and their rows' answers; answers the rows done and the providers it
 * created (the caller adds them to `w.providers` once the transaction has committed).
 */
export async function writeHouseholds(
  tx: Tx,
  w: Writer,
  batch: HouseholdWork[],
): Promise<{ rows: number; providers: Map<string, string> }> {
  const created = new Map<number, repo.CreatedRecords>();
  const note = (seq: number | undefined, kind: keyof repo.CreatedRecords, id: string) => {
    if (seq === undefined) return;
    const records = created.get(seq) ?? {};
    records[kind] = [...(records[kind] ?? []), id];
    created.set(seq, records);
  };
  const seqOf = (work: HouseholdWork, sheet: string, rowNumber: number) =>
    work.rows.find((r) => r.row.sheet === sheet && r.row.row_number === rowNumber)?.seq ?? work.rows[0]?.seq;
  const service = (code: string) => {
    const found = w.services.get(code);
    if (!found) throw new Error(`The service ${code} is not in the catalogue.`);
    return found;
  };

  // Providers named by the batch's plans that the agency lacks: created once, with their name and service.
  const fresh = new Map<string, string>();
  const providerRows: Array<PgInsertValue<typeof providers>> = [];
  for (const work of batch) {
    for (const p of work.household.plans) {
      if (p.provider.kind !== 'new') continue;
      const key = providerKeyOf(p.provider.serviceCode, p.provider.name);
      if (w.providers.has(key) || fresh.has(key)) continue;
      const id = randomUUID();
      fresh.set(key, id);
      const s = service(p.provider.serviceCode);
      providerRows.push({
        ...stamp(providerRows.length),
        id,
        agencyId: w.agencyId,
        serviceId: s.id,
        category: s.category,
        providerName: p.provider.name.trim(),
        createdBy: w.userId,
      });
      note(seqOf(work, p.sheet, p.rowNumber), 'providers', id);
    }
  }
  await insertChunked(providerRows, (chunk) => tx.insert(providers).values(chunk));

  // Clients: the new ones numbered in one statement, inserted in another.
  const clientOf = new Map<HouseholdWork, string>();
  const newClients = batch.filter((work) => work.household.client.kind === 'new');
  const codes = await nextClientCodes(tx, w.agencyId, newClients.length);
  const clientRows = newClients.map((work, i) => {
    const client = work.household.client;
    if (client.kind !== 'new') throw new Error('unreachable');
    const id = randomUUID();
    clientOf.set(work, id);
    note(client.row ? seqOf(work, client.row.sheet, client.row.rowNumber) : work.rows[0]?.seq, 'clients', id);
    return {
      ...profileColumns(client.profile, w.encryptionKey),
      ...stamp(i),
      id,
      agencyId: w.agencyId,
      firstName: client.profile.first_name,
      clientCode: codes[i]!,
      createdBy: w.userId,
      assignedAgentId: w.agentId,
    };
  });
  for (const work of batch) {
    if (work.household.client.kind === 'existing') clientOf.set(work, work.household.client.id);
  }
  await insertChunked(clientRows, (chunk) => tx.insert(primaryClients).values(chunk));

  // Family members: those already present keep their ids; the new ones are inserted together.
  const membersOf = new Map<HouseholdWork, Map<string, string>>();
  const memberRows: Array<PgInsertValue<typeof secondaryClients>> = [];
  for (const work of batch) {
    const byName = new Map<string, string>();
    membersOf.set(work, byName);
    for (const m of work.household.members) {
      if (m.kind === 'existing') {
        byName.set(nameKey(m.name), m.id);
        continue;
      }
      const id = randomUUID();
      byName.set(nameKey(m.name), id);
      note(m.row ? seqOf(work, m.row.sheet, m.row.rowNumber) : work.rows[0]?.seq, 'members', id);
      memberRows.push({
        ...memberColumns(m.input, w.encryptionKey),
        ...stamp(memberRows.length),
        id,
        agencyId: w.agencyId,
        firstName: m.input.first_name,
        relationship: m.input.relationship,
        primaryClientId: clientOf.get(work)!,
        createdBy: w.userId,
      });
    }
  }
  await insertChunked(memberRows, (chunk) => tx.insert(secondaryClients).values(chunk));

  // Plans, by kind, and the health policies' insured members.
  const policyRows: Array<PgInsertValue<typeof insurancePolicies>> = [];
  const accountRows: Array<PgInsertValue<typeof investmentAccounts>> = [];
  const insuredRows: Array<PgInsertValue<typeof insuredMembers>> = [];
  for (const work of batch) {
    for (const p of work.household.plans) {
      const providerId =
        p.provider.kind === 'existing'
          ? p.provider.id
          : (w.providers.get(providerKeyOf(p.provider.serviceCode, p.provider.name)) ??
            fresh.get(providerKeyOf(p.provider.serviceCode, p.provider.name))!);
      const holder = p.holder ? (membersOf.get(work)!.get(nameKey(p.holder)) ?? null) : null;
      const row = planRow(
        { ...p.plan, provider_id: providerId, status: p.mark },
        {
          primaryClientId: clientOf.get(work)!,
          secondaryClientId: holder,
          serviceId: service(p.plan.service_code as PlanServiceCode).id,
          documentId: null,
          createdBy: w.userId,
        },
      );
      const id = randomUUID();
      const seq = seqOf(work, p.sheet, p.rowNumber);
      if (row.kind === 'insurance') {
        policyRows.push({ ...row.values, ...stamp(policyRows.length), id, agencyId: w.agencyId });
        note(seq, 'policies', id);
        // One millisecond apart, so the members read back in the order they were given (as insertInsuredMembers).
        row.insured.forEach((m, i) => {
          insuredRows.push({ ...m, agencyId: w.agencyId, policyId: id, createdAt: at(i, 'millisecond') });
        });
      } else {
        accountRows.push({ ...row.values, ...stamp(accountRows.length), id, agencyId: w.agencyId });
        note(seq, 'accounts', id);
      }
    }
  }
  await insertChunked(policyRows, (chunk) => tx.insert(insurancePolicies).values(chunk));
  await insertChunked(accountRows, (chunk) => tx.insert(investmentAccounts).values(chunk));
  await insertChunked(insuredRows, (chunk) => tx.insert(insuredMembers).values(chunk));

  // The rows' answers, with what each made.
  const updates: repo.RowUpdate[] = batch.flatMap((work) =>
    work.rows.map(({ seq, row }) => ({
      seq,
      // A matched client's row that added a plan was written all the same.
      outcome: created.has(seq) ? 'created' : FINAL_OUTCOME[row.outcome],
      matched_by: row.matched_by,
      summary: row.summary,
      household: row.household,
      new_provider: row.new_provider,
      errors: row.errors,
      created: created.get(seq) ?? null,
    })),
  );
  await repo.updateRows(tx, w.agencyId, w.jobId, updates);
  return { rows: updates.length, providers: fresh };
}

/** A household that could not be written: its rows are skipped with the reason, nothing of it stays. */
export async function skipHousehold(
  tx: Tx,
  w: Writer,
  work: HouseholdWork,
  message: string,
): Promise<number> {
  await repo.updateRows(
    tx,
    w.agencyId,
    w.jobId,
    work.rows.map(({ seq, row }) => ({
      seq,
      outcome: 'skipped',
      matched_by: row.matched_by,
      summary: row.summary,
      household: row.household,
      new_provider: row.new_provider,
      errors: [...row.errors, { column: null, message }],
      created: null,
    })),
  );
  return work.rows.length;
}
