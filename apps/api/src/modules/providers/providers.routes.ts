import { endpoints, LOGO_MAX_BYTES, type ServiceCategory } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readMultipart } from '../../lib/multipart.ts';
import { addRoute } from '../../lib/route.ts';
import { sendDocument } from '../../lib/send-file.ts';
import { caller } from '../../plugins/access.ts';
import {
  bankDetails,
  createProvider,
  deleteProvider,
  listProviders,
  type ProvidersDeps,
  type ProviderUpload,
  providerLogo,
  providersByService,
  updateProvider,
} from './providers.service.ts';

async function readUpload(req: FastifyRequest): Promise<ProviderUpload> {
  const body = await readMultipart(req, {
    fields: ['payload'],
    files: { providerlogourl: { maxBytes: LOGO_MAX_BYTES, label: 'Provider Logo' } },
  });
  return { payload: body.fields.payload, logo: body.files.providerlogourl };
}

export function providersRoutes(app: FastifyInstance, deps: ProvidersDeps): void {
  const create = (category: ServiceCategory) => async (req: FastifyRequest) =>
    createProvider(deps, caller(req), category, await readUpload(req), req.ip);
  const update = (category: ServiceCategory) => async (req: FastifyRequest, id: string) =>
    updateProvider(deps, caller(req), category, id, await readUpload(req), req.ip);

  addRoute(app, endpoints.createInsuranceProvider, ({ req }) => create('insurance')(req));
  addRoute(app, endpoints.createInvestmentProvider, ({ req }) => create('investment')(req));
  addRoute(app, endpoints.updateInsuranceProvider, ({ req, params }) => update('insurance')(req, params.id));
  addRoute(app, endpoints.updateInvestmentProvider, ({ req, params }) =>
    update('investment')(req, params.id),
  );
  addRoute(app, endpoints.listProviders, async ({ req, query }) => ({
    status: 'success' as const,
    data: await listProviders(deps, caller(req), { category: query.category }),
  }));
  addRoute(app, endpoints.listInsuranceProviders, async ({ req }) => ({
    data: await listProviders(deps, caller(req), { category: 'insurance' }),
  }));
  addRoute(app, endpoints.providersByService, ({ req, params }) =>
    providersByService(deps, caller(req), params.serviceId),
  );
  addRoute(app, endpoints.providerBankDetails, ({ req, params }) =>
    bankDetails(deps, caller(req), params.id),
  );
  addRoute(app, endpoints.deleteProvider, ({ req, params }) =>
    deleteProvider(deps, caller(req), params.id, req.ip),
  );
  addRoute(app, endpoints.providerLogo, async ({ req, reply, params }) => {
    const doc = await providerLogo(deps, caller(req), params.id);
    return sendDocument(reply, doc, `provider-logo-${params.id}`);
  });
}
