import { apiPaths } from './api-paths.ts';
import { CSV_MIME, XLSX_MIME } from './book-sheets.ts';
import type { Endpoint } from './endpoints.ts';
import {
  ImportHouseholdChangeSchema,
  ImportHouseholdsResponseSchema,
  ImportIdParamsSchema,
  ImportJobListResponseSchema,
  ImportJobResponseSchema,
  ImportMappingSchema,
  ImportRowsQuerySchema,
  ImportRowsResponseSchema,
  ImportTemplateCsvQuerySchema,
  SavedMappingsResponseSchema,
} from './imports.ts';
import { BinaryResponseSchema } from './providers.ts';

// The import's endpoints (issue 26, decision 036), kept apart from endpoints.ts, which spreads them into the one
// table. Every one is the workspace's; an agent's jobs are their own and their matches their own clients.

const HouseholdsQuerySchema = ImportRowsQuerySchema.pick({ after: true, limit: true });

export const importEndpoints = {
  importTemplateXlsx: {
    ...apiPaths.importTemplateXlsx,
    summary:
      'The import template as .xlsx: sheets Clients, Family Members and Plans with an example row per service, drop-downs and an Instructions sheet',
    tag: 'imports',
    response: BinaryResponseSchema,
    produces: [XLSX_MIME],
    status: 200,
  },
  importTemplateCsv: {
    ...apiPaths.importTemplateCsv,
    summary: 'One sheet of the import template as .csv (`sheet`: clients, family_members or plans)',
    tag: 'imports',
    querystring: ImportTemplateCsvQuerySchema,
    response: BinaryResponseSchema,
    produces: [CSV_MIME],
    status: 200,
  },
  savedImportMappings: {
    ...apiPaths.savedImportMappings,
    summary: "The agency's saved column mappings: a header's field per book sheet",
    tag: 'imports',
    response: SavedMappingsResponseSchema,
    status: 200,
  },
  listImports: {
    ...apiPaths.listImports,
    summary: "The agency's imports, newest first (an agent's own): status, counts, progress",
    tag: 'imports',
    response: ImportJobListResponseSchema,
    status: 200,
  },
  uploadImport: {
    ...apiPaths.uploadImport,
    summary:
      'Upload an .xlsx or .csv (multipart `file`, at most 20 MB and 50,000 rows): the sheets are read, their columns matched to fields and the dry run starts',
    tag: 'imports',
    multipart: { files: ['file'] },
    response: ImportJobResponseSchema,
    status: 201,
  },
  getImport: {
    ...apiPaths.getImport,
    summary: "An import: its sheets and mapping, the dry run's counts, the commit's progress",
    tag: 'imports',
    params: ImportIdParamsSchema,
    response: ImportJobResponseSchema,
    status: 200,
  },
  setImportMapping: {
    ...apiPaths.setImportMapping,
    summary: "Change which book sheet each sheet is and each column's field; the dry run runs again",
    tag: 'imports',
    params: ImportIdParamsSchema,
    body: ImportMappingSchema,
    response: ImportJobResponseSchema,
    status: 200,
  },
  importRows: {
    ...apiPaths.importRows,
    summary: "The dry run's (or the commit's) answer per row, in the file's order, by keyset",
    tag: 'imports',
    params: ImportIdParamsSchema,
    querystring: ImportRowsQuerySchema,
    response: ImportRowsResponseSchema,
    status: 200,
  },
  importHouseholds: {
    ...apiPaths.importHouseholds,
    summary: 'The households the dry run found: client, members, plans and look-alike households',
    tag: 'imports',
    params: ImportIdParamsSchema,
    querystring: HouseholdsQuerySchema,
    response: ImportHouseholdsResponseSchema,
    status: 200,
  },
  changeImportHouseholds: {
    ...apiPaths.changeImportHouseholds,
    summary: 'Merge households into one, or split one into a client per holder; the dry run runs again',
    tag: 'imports',
    params: ImportIdParamsSchema,
    body: ImportHouseholdChangeSchema,
    response: ImportJobResponseSchema,
    status: 200,
  },
  commitImport: {
    ...apiPaths.commitImport,
    summary:
      'Write the valid rows in the background (one import per agency at a time); rows with errors are skipped',
    tag: 'imports',
    params: ImportIdParamsSchema,
    response: ImportJobResponseSchema,
    status: 202,
  },
  cancelImport: {
    ...apiPaths.cancelImport,
    summary: 'Stop an import: a dry run or a commit stops after the household it is writing',
    tag: 'imports',
    params: ImportIdParamsSchema,
    response: ImportJobResponseSchema,
    status: 200,
  },
  undoImport: {
    ...apiPaths.undoImport,
    summary:
      'Within 24 hours of the commit: remove the clients, family members and plans it created that nobody has changed since',
    tag: 'imports',
    params: ImportIdParamsSchema,
    response: ImportJobResponseSchema,
    status: 200,
  },
  importErrorsXlsx: {
    ...apiPaths.importErrorsXlsx,
    summary:
      "The rows with errors as .xlsx: the file's own rows and a column saying what is wrong, to fix and upload again",
    tag: 'imports',
    params: ImportIdParamsSchema,
    response: BinaryResponseSchema,
    produces: [XLSX_MIME],
    status: 200,
  },
} as const satisfies Partial<Record<keyof typeof apiPaths, Endpoint>>;
