import { DOCUMENT_MAX_BYTES, endpoints } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { malformedMultipart, readMultipart, type UploadedFile } from '../../lib/multipart.ts';
import { addRoute } from '../../lib/route.ts';
import { sendPdf } from '../../lib/send-file.ts';
import { caller } from '../../plugins/access.ts';
import { planDocumentForOwner, replacePlanDocument, updatePlan } from './plan-edit.service.ts';
import {
  addPlansToExisting,
  deletePlan,
  type PlansDeps,
  type PlansUpload,
  planDetail,
} from './plans.service.ts';

const FIELDS = ['primary_client_id', 'secondary_client_id', 'plansData'];
const MAX_PLAN_FILES = 10;

function bad(field: string, message: string, code: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE' = 'BAD_REQUEST') {
  return new AppError(code, message, message, { fields: { [field]: message } });
}

/** The add-plans form: text fields and any number of `planFiles` parts, kept in the order sent. */
async function readPlansUpload(req: FastifyRequest): Promise<PlansUpload> {
  if (!req.isMultipart()) {
    throw new AppError(
      'BAD_REQUEST',
      'The request must be multipart/form-data.',
      `Send the fields ${FIELDS.join(', ')} and the files planFiles.`,
    );
  }
  const upload: PlansUpload = { fields: {}, files: [] };
  try {
    for await (const part of req.parts({ limits: { fileSize: DOCUMENT_MAX_BYTES + 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'planFiles') {
          throw bad(part.fieldname, `The file field ${part.fieldname} is not expected here.`);
        }
        if (bytes.length === 0 && !part.filename) continue;
        const index = upload.files.length;
        const field = `planFiles.${index}`;
        if (bytes.length === 0) throw bad(field, `Plan file ${index + 1} is an empty file.`);
        if (bytes.length > DOCUMENT_MAX_BYTES || part.file.truncated) {
          throw bad(field, `Plan file ${index + 1} must be at most 10 MiB.`, 'PAYLOAD_TOO_LARGE');
        }
        if (upload.files.length >= MAX_PLAN_FILES) {
          throw bad('planFiles', `Send at most ${MAX_PLAN_FILES} plan files at once.`);
        }
        const file: UploadedFile = { field, filename: part.filename, declaredType: part.mimetype, bytes };
        upload.files.push(file);
      } else {
        if (!FIELDS.includes(part.fieldname)) {
          throw bad(part.fieldname, `The field ${part.fieldname} is not expected here.`);
        }
        upload.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw bad('planFiles', 'A plan file must be at most 10 MiB.', 'PAYLOAD_TOO_LARGE');
    }
    if (code?.startsWith('FST_')) {
      throw new AppError('BAD_REQUEST', 'The upload could not be read.', (err as Error).message);
    }
    throw malformedMultipart(err);
  }
  // The body has arrived: from here the call counts among the calls in progress (plugins/load-shedding.ts).
  req.admitCall?.();
  return upload;
}

export function plansRoutes(app: FastifyInstance, deps: PlansDeps): void {
  addRoute(app, endpoints.addPlansToExisting, async ({ req }) =>
    addPlansToExisting(deps, caller(req), await readPlansUpload(req), req.ip),
  );
  addRoute(app, endpoints.planDetails, ({ req, params }) => planDetail(deps, caller(req), params.id));
  addRoute(app, endpoints.deleteClientPlan, ({ req, params }) =>
    deletePlan(deps, caller(req), params.id, req.ip),
  );
  addRoute(app, endpoints.updateClientPlan, ({ req, params, body }) =>
    updatePlan(deps, caller(req), params.id, body, req.ip),
  );
  addRoute(app, endpoints.clientPlanDocument, async ({ req, reply, params }) =>
    sendPdf(reply, await planDocumentForOwner(deps, caller(req), params.id, req.ip)),
  );
  addRoute(app, endpoints.replaceClientPlanDocument, async ({ req, params }) => {
    const body = await readMultipart(req, {
      fields: [],
      files: { file: { maxBytes: DOCUMENT_MAX_BYTES, label: 'Plan File' } },
    });
    return replacePlanDocument(deps, caller(req), params.id, body.files.file, req.ip);
  });
}
