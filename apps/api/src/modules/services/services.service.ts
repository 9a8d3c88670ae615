import type { CreateServiceSchema, Service, ServiceCategory } from '@portal/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import { AppError, uniqueViolation } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import * as repo from './services.repository.ts';

export async function listServices(db: Db, category: ServiceCategory) {
  const data: Service[] = await repo.listServices(db, category);
  return { status: 'success' as const, data };
}

export async function createService(
  db: Db,
  admin: TokenSubject,
  input: z.output<typeof CreateServiceSchema>,
  ip: string,
) {
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.insertService(tx, input);
      await writeAudit(tx, {
        actorUserId: admin.userId,
        actorRole: 'ADMIN',
        agencyId: null,
        action: 'service.create',
        targetType: 'service',
        targetId: row.service_id,
        detail: { code: row.code, category: row.category },
        ip,
      });
      // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
      const answer = { status: 'success' as const, message: `Service ${row.name} added.`, data: row };
      await recordAnswer(tx, answer);
      return answer;
    });
  } catch (err) {
    if (uniqueViolation(err)) {
      const message = `A service with the code ${input.code} already exists.`;
      throw new AppError('CONFLICT', message, message, { fields: { code: message } });
    }
    throw err;
  }
}
