import { nameKey, nationalDigits } from '@portal/contract';
import { and, asc, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  insurancePolicies,
  investmentAccounts,
  primaryClients,
  providers,
  secondaryClients,
  services,
} from '../../db/schema.ts';
import { DecryptionError, decryptField } from '../../lib/crypto.ts';
import { fullName } from '../../lib/names.ts';
import { assignedOnly } from '../../lib/workspace.ts';
import {
  type Existing,
  type ExistingKeys,
  emptyExisting,
  numberKey,
  phoneNameKey,
  planKeyOf,
  providerKeyOf,
} from './plan-import.ts';

// What an import finds already in the agency (issue 26 items 3 and 5): the clients the file's PANs, phones and
// e-mails name (only those the caller may see: an agent's own), their family members, the agency's providers
// and its plans with the file's numbers. Four statements whatever the file's size, each with its keys as one
// parameter, so a file of 10,000 rows is read in one pass of each table rather than 10,000 lookups.
//
// PAN is stored encrypted with a random IV (decisions §5, profileColumns), so it cannot be compared in SQL: the
// clients whose stored last 4 characters are those of a PAN in the file are read and their PANs decrypted here.

/** Whose clients may be matched, and the key PANs are encrypted with (config.encryptionKey). */
export interface ExistingScope {
  /** The caller's agent id (workspaceOf(subject).agentId): an agent matches their own clients only. */
  agentId: string | null;
  encryptionKey: Buffer;
}

/** A list of keys as one text parameter, split in SQL: the same statement for any number of keys, on both engines. */
const SEPARATOR = '\u001f';
const keyList = (values: Iterable<string>) =>
  sql`string_to_array(${[...values].filter((v) => v && !v.includes(SEPARATOR)).join(SEPARATOR)}, chr(31))`;

export async function loadExisting(
  db: Pick<Db, 'select'>,
  agencyId: string,
  keys: ExistingKeys,
  scope: ExistingScope,
): Promise<Existing> {
  const existing = emptyExisting();
  const pans = new Set(keys.pans);
  const phones = new Set(keys.phones);
  const emails = new Set(keys.emails.map((e) => e.toLowerCase()));
  const last4s = new Set([...pans].map((p) => p.slice(-4)));

  // 1. The clients the file may name.
  const named: SQL[] = [];
  if (last4s.size > 0) named.push(sql`${primaryClients.panLast4} = any(${keyList(last4s)})`);
  if (emails.size > 0) named.push(sql`lower(${primaryClients.email}) = any(${keyList(emails)})`);
  if (phones.size > 0) {
    named.push(
      sql`right(regexp_replace(${primaryClients.phone}, '\\D', '', 'g'), 10) = any(${keyList(phones)})`,
    );
  }
  const clients =
    named.length === 0
      ? []
      : await db
          .select({
            id: primaryClients.id,
            firstName: primaryClients.firstName,
            lastName: primaryClients.lastName,
            phone: primaryClients.phone,
            email: primaryClients.email,
            panLast4: primaryClients.panLast4,
            panEnc: primaryClients.panEnc,
          })
          .from(primaryClients)
          .where(
            and(
              eq(primaryClients.agencyId, agencyId),
              isNull(primaryClients.deletedAt),
              assignedOnly(scope),
              sql`(${sql.join(named, sql` or `)})`,
            ),
          )
          .orderBy(asc(primaryClients.createdAt), asc(primaryClients.id));
  for (const c of clients) {
    const client = { id: c.id, name: fullName(c.firstName, c.lastName) };
    if (c.panEnc && c.panLast4 && last4s.has(c.panLast4)) {
      try {
        const pan = decryptField(scope.encryptionKey, c.panEnc);
        if (pans.has(pan) && !existing.byPan.has(pan)) existing.byPan.set(pan, client);
      } catch (err) {
        // A PAN another key sealed matches nothing; anything else is a fault.
        if (!(err instanceof DecryptionError)) throw err;
      }
    }
    const digits = nationalDigits(c.phone);
    if (digits && phones.has(digits)) {
      const key = phoneNameKey(digits, client.name);
      if (!existing.byPhoneName.has(key)) existing.byPhoneName.set(key, client);
    }
    const email = c.email?.toLowerCase();
    if (email && emails.has(email) && !existing.byEmail.has(email)) existing.byEmail.set(email, client);
  }

  // 2. Their family members, by name.
  if (clients.length > 0) {
    const members = await db
      .select({
        id: secondaryClients.id,
        clientId: secondaryClients.primaryClientId,
        firstName: secondaryClients.firstName,
        lastName: secondaryClients.lastName,
      })
      .from(secondaryClients)
      .where(
        and(
          eq(secondaryClients.agencyId, agencyId),
          isNull(secondaryClients.deletedAt),
          sql`${secondaryClients.primaryClientId} = any(${keyList(clients.map((c) => c.id))}::uuid[])`,
        ),
      )
      .orderBy(asc(secondaryClients.createdAt), asc(secondaryClients.id));
    for (const m of members) {
      let byName = existing.members.get(m.clientId);
      if (!byName) {
        byName = new Map();
        existing.members.set(m.clientId, byName);
      }
      const key = nameKey(fullName(m.firstName, m.lastName));
      if (!byName.has(key)) byName.set(key, m.id);
    }
  }

  // 3. The agency's providers: a few dozen, read whole.
  const companies = await db
    .select({ id: providers.id, code: services.code, name: providers.providerName })
    .from(providers)
    .innerJoin(services, eq(services.id, providers.serviceId))
    .where(and(eq(providers.agencyId, agencyId), isNull(providers.deletedAt)))
    .orderBy(asc(providers.createdAt), asc(providers.id));
  for (const p of companies) {
    const key = providerKeyOf(p.code, p.name);
    if (!existing.providers.has(key)) existing.providers.set(key, p.id);
  }

  // 4. The agency's plans with the file's numbers (of any agent's client: a plan is the agency's once).
  const numbers = [...new Set(keys.numbers.map(numberKey))];
  if (numbers.length > 0) {
    // Numbers are compared trimmed and lower case; their inner spaces made one only when the file's have any.
    const spaced = numbers.some((n) => n.includes(' '));
    const compared = (column: SQLWrapper) =>
      spaced ? sql`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))` : sql`lower(btrim(${column}))`;
    for (const table of [insurancePolicies, investmentAccounts] as const) {
      const number =
        table === insurancePolicies ? insurancePolicies.policyNumber : investmentAccounts.accountNumber;
      const plans = await db
        .select({ code: services.code, number, provider: providers.providerName })
        .from(providers)
        .innerJoin(table, and(eq(table.providerId, providers.id), eq(table.agencyId, providers.agencyId)))
        .innerJoin(services, eq(services.id, table.serviceId))
        .where(
          and(
            eq(table.agencyId, agencyId),
            isNull(table.deletedAt),
            sql`${compared(number)} = any(${keyList(numbers)})`,
          ),
        );
      for (const p of plans) existing.plans.add(planKeyOf(p.code, p.number, p.provider));
    }
  }
  return existing;
}
