import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { services } from '../../db/schema.ts';

// The service catalogue is platform data (decisions §4): not tenant-owned, so no agencyId here.

const columns = {
  service_id: services.id,
  code: services.code,
  name: services.name,
  category: services.category,
};

export function listServices(db: Db, category: 'insurance' | 'investment') {
  return db
    .select(columns)
    .from(services)
    .where(and(eq(services.category, category), eq(services.isActive, true)))
    .orderBy(asc(services.sortOrder), asc(services.name));
}

export async function findService(db: Pick<Db, 'select'>, id: string) {
  const [row] = await db.select(columns).from(services).where(eq(services.id, id)).limit(1);
  return row ?? null;
}

export async function insertService(
  db: Pick<Db, 'insert'>,
  input: { code: string; name: string; category: 'insurance' | 'investment' },
) {
  const [row] = await db.insert(services).values(input).returning(columns);
  return row!;
}
