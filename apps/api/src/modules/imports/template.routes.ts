import { CSV_MIME, endpoints, XLSX_MIME } from '@portal/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { templateCsv, templateFileName, templateXlsx } from './template.ts';

// The import's template downloads (issue 26 item 1): the workspace's (the access plugin refuses a client and the
// platform admin from the contract's table). A file to save, never sniffed, never cached.

function download(reply: FastifyReply, mime: string, filename: string, bytes: Buffer): Buffer {
  reply
    .type(mime)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store');
  return bytes;
}

export function importTemplateRoutes(app: FastifyInstance): void {
  addRoute(app, endpoints.importTemplateXlsx, async ({ reply }) =>
    download(reply, XLSX_MIME, templateFileName(), await templateXlsx()),
  );
  addRoute(app, endpoints.importTemplateCsv, async ({ reply, query }) =>
    download(
      reply,
      `${CSV_MIME}; charset=utf-8`,
      templateFileName(query.sheet),
      await templateCsv(query.sheet),
    ),
  );
}
