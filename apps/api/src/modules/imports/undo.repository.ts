import { sql } from 'drizzle-orm';
import type { CreatedRecords, Tx } from './imports.repository.ts';

// Undo (issue 26 item 6, decision 036): within 24 hours of a commit, the records it created that nobody has changed
// since are removed, as the screens remove them (deleted_at: hidden, kept for the retention period). A record is
// untouched while its updated_at is still its created_at; a plan with a renewal mark, a family member holding
// another plan or a client with another member or plan, a portal account or a photo stays. Plans go first, then
// members, clients and providers, so each sees what the one before removed. The ids travel as one JSON text.

const ids = (list: string[]) =>
  sql`(select (jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))::uuid)`;

const rowsOf = (result: unknown): Array<{ id: string }> =>
  Array.isArray(result) ? result : ((result as { rows?: Array<{ id: string }> }).rows ?? []);

export interface Removed {
  clients: number;
  members: number;
  plans: number;
  providers: number;
}

export async function removeCreated(tx: Tx, agencyId: string, created: CreatedRecords[]): Promise<Removed> {
  const all = (key: keyof CreatedRecords) => created.flatMap((c) => c[key] ?? []);
  const untouched = (t: string) => sql.raw(`${t}.deleted_at is null and ${t}.updated_at = ${t}.created_at`);
  const plans = async (table: 'insurance_policies' | 'investment_accounts', list: string[]) =>
    list.length === 0
      ? 0
      : rowsOf(
          await tx.execute(sql`
            update ${sql.raw(table)} p set deleted_at = now(), updated_at = now()
            where p.agency_id = ${agencyId}::uuid and p.id in ${ids(list)} and ${untouched('p')}
              and not exists (select 1 from renewal_events e where e.agency_id = p.agency_id and e.plan_id = p.id)
            returning p.id`),
        ).length;
  const removedPlans =
    (await plans('insurance_policies', all('policies'))) +
    (await plans('investment_accounts', all('accounts')));
  const livePlans = (holder: string, column: 'primary_client_id' | 'secondary_client_id') =>
    sql.raw(`exists (select 1 from insurance_policies x where x.agency_id = ${holder}.agency_id and x.${column} = ${holder}.id and x.deleted_at is null)
      or exists (select 1 from investment_accounts x where x.agency_id = ${holder}.agency_id and x.${column} = ${holder}.id and x.deleted_at is null)`);
  const members = all('members');
  const removedMembers =
    members.length === 0
      ? 0
      : rowsOf(
          await tx.execute(sql`
            update secondary_clients m set deleted_at = now(), updated_at = now()
            where m.agency_id = ${agencyId}::uuid and m.id in ${ids(members)} and ${untouched('m')}
              and not (${livePlans('m', 'secondary_client_id')})
            returning m.id`),
        ).length;
  const clients = all('clients');
  const removedClients =
    clients.length === 0
      ? 0
      : rowsOf(
          await tx.execute(sql`
            update primary_clients c set deleted_at = now(), updated_at = now()
            where c.agency_id = ${agencyId}::uuid and c.id in ${ids(clients)} and ${untouched('c')}
              and c.user_id is null and c.avatar_document_id is null
              and not (${livePlans('c', 'primary_client_id')})
              and not exists (select 1 from secondary_clients s
                              where s.agency_id = c.agency_id and s.primary_client_id = c.id and s.deleted_at is null)
            returning c.id`),
        ).length;
  const providers = all('providers');
  const removedProviders =
    providers.length === 0
      ? 0
      : rowsOf(
          await tx.execute(sql`
            update providers v set deleted_at = now(), updated_at = now()
            where v.agency_id = ${agencyId}::uuid and v.id in ${ids(providers)} and ${untouched('v')}
              and not exists (select 1 from insurance_policies x where x.agency_id = v.agency_id and x.provider_id = v.id and x.deleted_at is null)
              and not exists (select 1 from investment_accounts x where x.agency_id = v.agency_id and x.provider_id = v.id and x.deleted_at is null)
            returning v.id`),
        ).length;
  return {
    clients: removedClients,
    members: removedMembers,
    plans: removedPlans,
    providers: removedProviders,
  };
}
