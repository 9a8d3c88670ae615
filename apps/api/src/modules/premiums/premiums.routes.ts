import { DOCUMENT_MAX_BYTES, endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { todayInIndia } from '../../lib/dates.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { addRoute } from '../../lib/route.ts';
import { sendDocumentStream } from '../../lib/send-file.ts';
import { caller } from '../../plugins/access.ts';
import { markPremiumPaid, type PremiumsDeps, planPremiums, premiumReceipt } from './premiums.service.ts';

export function premiumsRoutes(app: FastifyInstance, deps: PremiumsDeps & { today?: () => string }): void {
  // India's calendar date; tests pass their own day.
  const today = deps.today ?? (() => todayInIndia());

  addRoute(app, endpoints.planPremiums, ({ req, params }) =>
    planPremiums(deps, caller(req), params.id, today()),
  );
  addRoute(app, endpoints.markPremiumPaid, async ({ req, params }) => {
    const body = await readMultipart(req, {
      fields: ['paid_on', 'amount', 'receipt_number', 'instalments', 'up_to'],
      files: { receipt: { maxBytes: DOCUMENT_MAX_BYTES, label: 'Receipt' } },
    });
    return markPremiumPaid(
      deps,
      caller(req),
      params.id,
      { fields: body.fields, receipt: body.files.receipt ?? null },
      today(),
      req.ip,
    );
  });
  addRoute(app, endpoints.planPremiumReceipt, async ({ req, reply, params }) => {
    const receipt = await premiumReceipt(deps, caller(req), params.id, params.paymentId, req.ip);
    return sendDocumentStream(reply, receipt, receipt.stream, receipt.name);
  });
}
