import type { FastifyRequest } from 'fastify';
import { type DocumentMime, EXTENSION, sniffMime } from './documents.ts';
import { AppError } from './errors.ts';
import { pdfActiveContent } from './pdf-check.ts';

// Reading a multipart/form-data request whole, within per-file limits, and checking files by content
// (decisions §5): the type a file claims, by its part's type or its name, must be the type it is.

export interface UploadedFile {
  field: string;
  filename: string;
  declaredType: string;
  bytes: Buffer;
}

export interface MultipartSpec {
  /** Text fields read; others are refused. */
  fields: readonly string[];
  /** File fields with their size limits in bytes, and their labels for messages. */
  files: Record<string, { maxBytes: number; label: string; many?: { max: number; tooMany: string } }>;
}

export interface MultipartBody {
  fields: Record<string, string>;
  /** A field's file (its first, for a field that takes `many`). */
  files: Record<string, UploadedFile>;
  /** Every file of a field that takes `many`, in the order sent; their sizes together within its `maxBytes`. */
  lists: Record<string, UploadedFile[]>;
}

const mib = (n: number) => `${Math.round((n / (1024 * 1024)) * 10) / 10} MiB`;

function badField(field: string, message: string, code: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE' = 'BAD_REQUEST') {
  return new AppError(code, message, message, { fields: { [field]: message } });
}

/**
 * An error met while reading a multipart body's parts: only the request is read there, so busboy's errors
 * (no boundary, a body cut short, a malformed part header), which carry no code, are a malformed request
 * (400), not a server fault.
 */
export function malformedMultipart(err: unknown): unknown {
  if (err instanceof AppError || !(err instanceof Error)) return err;
  return new AppError(
    'BAD_REQUEST',
    'The upload could not be read.',
    `The multipart/form-data body is malformed: ${err.message}.`,
  );
}

export async function readMultipart(req: FastifyRequest, spec: MultipartSpec): Promise<MultipartBody> {
  if (!req.isMultipart()) {
    const message = 'The request must be multipart/form-data.';
    throw new AppError('BAD_REQUEST', message, `${message} Send the fields ${spec.fields.join(', ')}.`);
  }
  const body: MultipartBody = { fields: {}, files: {}, lists: {} };
  const largest = Math.max(0, ...Object.values(spec.files).map((f) => f.maxBytes));
  try {
    for await (const part of req.parts({ limits: { fileSize: largest + 1 } })) {
      if (part.type === 'file') {
        const rule = spec.files[part.fieldname];
        if (!rule) {
          await part.toBuffer().catch(() => undefined);
          throw badField(part.fieldname, `The file field ${part.fieldname} is not expected here.`);
        }
        const bytes = await part.toBuffer();
        // A file input left empty sends a part with no name and no bytes: no file.
        if (bytes.length === 0 && !part.filename) continue;
        if (bytes.length === 0) throw badField(part.fieldname, `${rule.label} is an empty file.`);
        const list = body.lists[part.fieldname] ?? [];
        const sent = list.reduce((n, f) => n + f.bytes.length, bytes.length);
        if (sent > rule.maxBytes || part.file.truncated) {
          throw badField(
            part.fieldname,
            `${rule.label} must be at most ${mib(rule.maxBytes)}.`,
            'PAYLOAD_TOO_LARGE',
          );
        }
        const file = { field: part.fieldname, filename: part.filename, declaredType: part.mimetype, bytes };
        if (rule.many) {
          if (list.length >= rule.many.max) throw badField(part.fieldname, rule.many.tooMany);
          list.push(file);
          body.lists[part.fieldname] = list;
          body.files[part.fieldname] ??= file;
        } else {
          body.files[part.fieldname] = file;
        }
      } else {
        if (!spec.fields.includes(part.fieldname)) {
          throw badField(part.fieldname, `The field ${part.fieldname} is not expected here.`);
        }
        body.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const [field, rule] = Object.entries(spec.files)[0] ?? [
        'file',
        { label: 'The file', maxBytes: largest },
      ];
      throw badField(field, `${rule.label} must be at most ${mib(rule.maxBytes)}.`, 'PAYLOAD_TOO_LARGE');
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MULTIPART_INVALID_CONTENT_TYPE') {
      throw new AppError('BAD_REQUEST', 'The request must be multipart/form-data.');
    }
    if (code?.startsWith('FST_')) {
      throw new AppError('BAD_REQUEST', 'The upload could not be read.', (err as Error).message);
    }
    throw malformedMultipart(err);
  }
  // The body has arrived: from here the call counts among the calls in progress (plugins/load-shedding.ts).
  req.admitCall?.();
  return body;
}

const IMAGE_JPG_ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };
const EXT_TO_MIME: Record<string, DocumentMime> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** A path, a control character or only dots: not a name a browser sends for a chosen file. */
export function unusableName(name: string): boolean {
  if (/^\.+$/.test(name)) return true;
  for (const ch of name) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '/' || ch === '\\' || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The file's real type when it is one of `accepted` and does not claim to be something else; otherwise a
 * 400 naming the field. A generic declared type (application/octet-stream) is judged by name and content.
 */
export function checkFileType(
  file: UploadedFile,
  label: string,
  accepted: readonly DocumentMime[],
  acceptedWords: string,
): DocumentMime {
  // Browsers send a bare file name; a path or control characters mean a hand-made request.
  if (unusableName(file.filename)) {
    throw badField(
      file.field,
      `${label} has a file name that cannot be used. Rename the file and upload it again.`,
    );
  }
  const actual = sniffMime(file.bytes);
  if (!actual || !accepted.includes(actual)) {
    throw badField(file.field, `${label} must be a ${acceptedWords} file.`);
  }
  const active = actual === 'application/pdf' ? pdfActiveContent(file.bytes) : null;
  if (active) {
    throw badField(
      file.field,
      `${label} contains ${active}, which is not allowed in a document. Save it as a plain PDF (for example with Print to PDF) and upload that.`,
    );
  }
  const declared = IMAGE_JPG_ALIASES[file.declaredType.toLowerCase()] ?? file.declaredType.toLowerCase();
  const generic = declared === '' || declared === 'application/octet-stream';
  const ext = /\.([a-z0-9]+)$/i.exec(file.filename)?.[1]?.toLowerCase();
  const byName = ext ? EXT_TO_MIME[ext] : undefined;
  if ((!generic && declared !== actual) || (byName && byName !== actual)) {
    const claimed = generic ? `.${ext}` : declared;
    throw badField(
      file.field,
      `${label} claims to be ${claimed} but its content is ${EXTENSION[actual].toUpperCase()}. Upload the file as it is.`,
    );
  }
  return actual;
}
