import { CreatePrimaryClientWithPlansSchema, DOCUMENT_MAX_BYTES } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { malformedMultipart, type UploadedFile } from '../../lib/multipart.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import type { CreateClientFiles } from './create-client.service.ts';

// POST /users/primary-clients as multipart: the client's JSON in `payload`, any number of `planFiles`
// (kept in the order sent, so `file_index` 0 is the first) and an optional `avatar` (decisions 008).

const MAX_PLAN_FILES = 9;

function bad(field: string, message: string, code: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE' = 'BAD_REQUEST') {
  return new AppError(code, message, message, { fields: { [field]: message } });
}

export interface ClientUpload extends CreateClientFiles {
  input: z.output<typeof CreatePrimaryClientWithPlansSchema>;
}

export async function readClientUpload(req: FastifyRequest): Promise<ClientUpload> {
  let payload: string | undefined;
  const planFiles: UploadedFile[] = [];
  let avatar: UploadedFile | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: DOCUMENT_MAX_BYTES + 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'planFiles' && part.fieldname !== 'avatar') {
          throw bad(part.fieldname, `The file field ${part.fieldname} is not expected here.`);
        }
        // A file input left empty sends a part with no name and no bytes: no file.
        if (bytes.length === 0 && !part.filename) continue;
        const isPlan = part.fieldname === 'planFiles';
        const field = isPlan ? `planFiles.${planFiles.length}` : 'avatar';
        const label = isPlan ? `Plan file ${planFiles.length + 1}` : 'Avatar';
        if (bytes.length === 0) throw bad(field, `${label} is an empty file.`);
        if (bytes.length > DOCUMENT_MAX_BYTES || part.file.truncated) {
          throw bad(field, `${label} must be at most 10 MiB.`, 'PAYLOAD_TOO_LARGE');
        }
        const file: UploadedFile = { field, filename: part.filename, declaredType: part.mimetype, bytes };
        if (!isPlan) {
          if (avatar) throw bad('avatar', 'Send one avatar image at most.');
          avatar = file;
        } else {
          if (planFiles.length >= MAX_PLAN_FILES) {
            throw bad('planFiles', `Send at most ${MAX_PLAN_FILES} plan files at once.`);
          }
          planFiles.push(file);
        }
      } else if (part.fieldname === 'payload') {
        payload = String(part.value);
      } else {
        throw bad(part.fieldname, `The field ${part.fieldname} is not expected here.`);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw bad('planFiles', 'A file must be at most 10 MiB.', 'PAYLOAD_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT') throw bad('planFiles', 'Send at most 10 files at once.');
    if (code?.startsWith('FST_')) {
      throw new AppError('BAD_REQUEST', 'The upload could not be read.', (err as Error).message);
    }
    throw malformedMultipart(err);
  }
  // The body has arrived: from here the call counts among the calls in progress (plugins/load-shedding.ts).
  req.admitCall?.();
  if (payload === undefined) {
    throw bad('payload', 'payload is required: the client and plans as JSON.');
  }
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    throw bad('payload', 'payload must be valid JSON.');
  }
  return { input: parseOrThrow(CreatePrimaryClientWithPlansSchema, json), planFiles, avatar };
}
