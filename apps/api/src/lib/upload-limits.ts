import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import {
  DOCUMENT_MAX_BYTES,
  type Endpoint,
  endpoints,
  IMPORT_LIMITS,
  LOGO_MAX_BYTES,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

// How much one upload may carry (issue 23 item 9): each multipart route's total is what it may legitimately
// send (its files at their limits, its text fields, the parts' own boundaries and headers), chosen here and
// nowhere else. A request that declares more (Content-Length) is refused with 413 before a byte of its body is
// read; one that does not say (chunked) is read until its bytes pass the total and then refused. The readers
// (lib/multipart.ts, plans.routes.ts, client-upload.ts) still check each file against its own limit and name the
// field; before this, a request of 10 files of 10 MiB was buffered whole before anything refused it.

/** The most bytes one text field may hold (@fastify/multipart's `fieldSize`, registered in app.ts). */
export const FIELD_MAX_BYTES = 256 * 1024;
/**
 * Room per part for its boundary and headers, and for a file a little over its own limit: such a file reaches
 * its reader, which answers 413 naming the field, rather than this module's general 413.
 */
const PART_ROOM = 64 * 1024;

type MultipartName = {
  [K in keyof typeof endpoints]: (typeof endpoints)[K] extends { multipart: object } ? K : never;
}[keyof typeof endpoints];

interface UploadLimit {
  /** Files the route takes at most, each at most `fileBytes`. */
  files: number;
  fileBytes: number;
  /** Text fields the route reads. */
  fields: number;
}

/** Every multipart endpoint of the table, with what it may carry (a new one does not type-check without it). */
export const UPLOAD_LIMITS = {
  createInsuranceProvider: { files: 1, fileBytes: LOGO_MAX_BYTES, fields: 1 },
  createInvestmentProvider: { files: 1, fileBytes: LOGO_MAX_BYTES, fields: 1 },
  updateInsuranceProvider: { files: 1, fileBytes: LOGO_MAX_BYTES, fields: 1 },
  updateInvestmentProvider: { files: 1, fileBytes: LOGO_MAX_BYTES, fields: 1 },
  uploadAgencyLogo: { files: 1, fileBytes: LOGO_MAX_BYTES, fields: 0 },
  // Up to 9 plan PDFs and a photo (primary-clients/client-upload.ts), the client's JSON in `payload`.
  createPrimaryClient: { files: 10, fileBytes: DOCUMENT_MAX_BYTES, fields: 1 },
  uploadPrimaryClientAvatar: { files: 1, fileBytes: DOCUMENT_MAX_BYTES, fields: 0 },
  uploadSecondaryDocument: { files: 1, fileBytes: DOCUMENT_MAX_BYTES, fields: 0 },
  // Up to 10 plan PDFs (plans/plans.routes.ts); primary_client_id, secondary_client_id and plansData.
  addPlansToExisting: { files: 10, fileBytes: DOCUMENT_MAX_BYTES, fields: 3 },
  replaceClientPlanDocument: { files: 1, fileBytes: DOCUMENT_MAX_BYTES, fields: 0 },
  // new_end_date, note and the new PDF.
  markPlanRenewed: { files: 1, fileBytes: DOCUMENT_MAX_BYTES, fields: 2 },
  // paid_on, amount, receipt_number, instalments, up_to and the receipt's PDF (issue 27).
  markPremiumPaid: { files: 1, fileBytes: DOCUMENT_MAX_BYTES, fields: 5 },
  // A claim's checklist item (decision 045): received_on and its file.
  receiveClaimDocument: { files: 1, fileBytes: DOCUMENT_MAX_BYTES, fields: 1 },
  // The spreadsheet of an import (issue 26 item 8): one file of at most 20 MB.
  uploadImport: { files: 1, fileBytes: IMPORT_LIMITS.maxBytes, fields: 0 },
} as const satisfies Record<MultipartName, UploadLimit>;

/** The most bytes a request of the route may carry. */
export function uploadCap(limit: UploadLimit): number {
  return limit.files * (limit.fileBytes + PART_ROOM) + limit.fields * (FIELD_MAX_BYTES + PART_ROOM);
}

const mib = (n: number) => `${Math.round((n / (1024 * 1024)) * 10) / 10} MiB`;

/**
 * The 413 of an upload over its route's total. The connection is closed after the answer, so the rest of the
 * body is never read (Node would otherwise read it to the end to keep the connection).
 */
export function uploadTooLarge(cap: number, fileBytes: number = DOCUMENT_MAX_BYTES): AppError {
  const message = `The upload is too large: send at most ${mib(cap)} at once.`;
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    message,
    `${message} Each file may be at most ${mib(fileBytes)}; send fewer or smaller files.`,
    { headers: { connection: 'close' } },
  );
}

const key = (method: string, path: string) => `${method} ${path}`;

/**
 * Counts the bytes of an upload's body as its multipart reader takes them (@fastify/multipart pipes the raw
 * request into busboy): once they pass `cap`, the request is no longer read and the reader's parts fail with
 * the 413, whichever part it is reading (a file, a text field, or a file past its own limit whose bytes busboy
 * reads only to throw away).
 */
function countAsRead(raw: IncomingMessage, cap: number, fileBytes: number): void {
  const pipe = raw.pipe.bind(raw);
  raw.pipe = <T extends NodeJS.WritableStream>(dest: T, options?: { end?: boolean }): T => {
    let read = 0;
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read <= cap) return;
      raw.off('data', count);
      raw.unpipe(dest as unknown as Writable);
      raw.pause();
      (dest as unknown as Writable).destroy(uploadTooLarge(cap, fileBytes));
    };
    const piped = pipe(dest, options);
    raw.on('data', count);
    return piped;
  };
}

/**
 * Refuses an upload whose Content-Length is over its route's total at once, before the access check (a refused
 * body costs nothing), and counts the body of one that does not say or says less as it is read.
 */
export function registerUploadLimits(app: FastifyInstance): void {
  const caps = new Map<string, { cap: number; fileBytes: number }>();
  for (const [name, limit] of Object.entries(UPLOAD_LIMITS)) {
    const endpoint: Endpoint = endpoints[name as MultipartName];
    caps.set(key(endpoint.method, endpoint.path), { cap: uploadCap(limit), fileBytes: limit.fileBytes });
  }
  app.addHook('onRequest', async (request) => {
    const limit = caps.get(key(request.method, request.routeOptions.url ?? ''));
    if (limit === undefined) return;
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit.cap) throw uploadTooLarge(limit.cap, limit.fileBytes);
    countAsRead(request.raw, limit.cap, limit.fileBytes);
  });
}
