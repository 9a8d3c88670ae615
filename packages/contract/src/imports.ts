import { z } from 'zod';
import { BOOK_SHEET_KEYS, type BookSheetKey } from './book-sheets.ts';

// The import of an agency's book from a spreadsheet (issue 26, decision 036): an upload becomes an import job;
// its sheets are mapped to the book's sheets (book-sheets.ts) and their columns to fields; a dry run says per
// row what would happen; a commit writes the valid rows in the background; an import can be undone for 24
// hours. The reading of cells and the matching of headers are in book-import.ts.

/** Bad files (issue 26 item 8): refused before anything is written. */
export const IMPORT_LIMITS = {
  /** The uploaded file's size. */
  maxBytes: 20 * 1024 * 1024,
  /** Data rows over every sheet of the file. */
  maxRows: 50_000,
  /** Columns of one sheet. */
  maxColumns: 200,
  /** The bytes an .xlsx may inflate to (a zip bomb is refused past this). */
  maxUnzippedBytes: 200 * 1024 * 1024,
  /** .csv files uploaded together as one book (a sheet each: Clients, Family Members, Plans); an .xlsx comes alone. */
  maxFiles: 3,
} as const;

export const IMPORT_MESSAGES = {
  tooLarge: 'The file is larger than 20 MB. Split it into smaller files and import them one after the other.',
  tooManyRows:
    'The file has more than 50,000 rows. Split it into smaller files and import them one after the other.',
  tooManyColumns: 'A sheet of the file has more than 200 columns. Keep only the columns of the book.',
  tooLargeUnzipped:
    'The file holds more than 200 MB once unpacked. Split it into smaller files and import them one after the other.',
  wrongType: 'Choose an Excel (.xlsx) or CSV (.csv) file.',
  unreadable: 'The file could not be read as a spreadsheet. Save it again as .xlsx or .csv and upload it.',
  empty: 'The file has no rows to import.',
  tooManyFiles: 'Upload at most 3 .csv files at once: one each for Clients, Family Members and Plans.',
  xlsxAlone: 'An Excel (.xlsx) file holds all its sheets: upload it on its own, not with other files.',
  sameFileTwice: 'The same file was chosen twice. Choose each .csv file once.',
  busy: 'Another import of your agency is running. Wait for it to finish or cancel it.',
  undoExpired: 'An import can be undone only within 24 hours of its commit.',
} as const;

/** An import's life: checking (dry run running) → checked → queued → running → done, or cancelled/failed. */
export const IMPORT_STATUSES = [
  'checking',
  'checked',
  'queued',
  'running',
  'done',
  'cancelled',
  'failed',
  'undone',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * What the dry run says of a row, and after the commit what happened to it:
 * - `new_client`: a client (and their household's rows) will be created;
 * - `matched_client`: the row names a client already in the agency (`matched_by` says how);
 * - `new_member`: a family member will be added to the row's client;
 * - `new_plan`: a plan will be added;
 * - `duplicate`: already present (a plan with the same number and provider; a client or member the same):
 *   nothing is written for it ("already present");
 * - `error`: skipped, with `errors`;
 * after the commit, `created` (written), `present` (already present) or `skipped` (had errors).
 */
export const IMPORT_OUTCOMES = [
  'new_client',
  'matched_client',
  'new_member',
  'new_plan',
  'duplicate',
  'error',
  'created',
  'present',
  'skipped',
] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** How a row was matched to a client already in the agency (issue 26 item 3). */
export const IMPORT_MATCHES = ['pan', 'phone_and_name', 'email'] as const;
export type ImportMatch = (typeof IMPORT_MATCHES)[number];

export const IMPORT_MATCH_LABEL: Record<ImportMatch, string> = {
  pan: 'PAN',
  phone_and_name: 'phone and name',
  email: 'e-mail',
};

/** One problem of a row: the column's header as the file has it, and the form's own message. */
export const ImportRowErrorSchema = z.object({
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

export const ImportRowSchema = z.object({
  sheet: z.string(),
  /** The row's number in the file, as the spreadsheet program shows it (the header is row 1). */
  row_number: z.number().int(),
  outcome: z.enum(IMPORT_OUTCOMES),
  matched_by: z.enum(IMPORT_MATCHES).nullable(),
  /** What the row is, for a person reading the list: "Ravi Sharma · LIC 123456 (Life Insurance)". */
  summary: z.string(),
  /** The household the row belongs to (its key), or null for a row with errors before grouping. */
  household: z.string().nullable(),
  /** A provider company the commit will create for this row ("LIC of India (Life Insurance)"). */
  new_provider: z.string().nullable(),
  errors: z.array(ImportRowErrorSchema),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

/** A sheet of the uploaded file: which book sheet it is taken for, and its columns' fields. */
export const ImportSheetSchema = z.object({
  name: z.string(),
  /** The book sheet it is read as, or null: not imported. */
  kind: z.enum(BOOK_SHEET_KEYS).nullable(),
  headers: z.array(z.string()),
  /** header → field (`book-import.ts` IMPORT_FIELDS of the sheet's kind), or null: the column is left out. */
  mapping: z.record(z.string(), z.string().nullable()),
  rows: z.number().int(),
  /** The first rows' cells as read, for the mapping screen. */
  sample: z.array(z.array(z.string())),
});
export type ImportSheet = z.infer<typeof ImportSheetSchema>;

export const ImportCountsSchema = z.object({
  rows: z.number().int(),
  new_clients: z.number().int(),
  matched_clients: z.number().int(),
  new_members: z.number().int(),
  new_plans: z.number().int(),
  duplicates: z.number().int(),
  errors: z.number().int(),
  new_providers: z.number().int(),
  households: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

export const ImportJobSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  status: z.enum(IMPORT_STATUSES),
  created_at: z.string(),
  created_by_name: z.string(),
  sheets: z.array(ImportSheetSchema),
  counts: ImportCountsSchema,
  /** The commit's progress: rows done of rows to write (0 of 0 before a commit). */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  committed_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Until when Undo is offered (24 hours after the commit finished), or null. */
  undo_until: z.string().nullable(),
  /** Why a failed import stopped. */
  failure: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const ImportJobResponseSchema = z.object({ status: z.literal('success'), data: ImportJobSchema });
export const ImportJobListResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(ImportJobSchema.omit({ sheets: true })),
});

/** PUT /api/imports/:id/mapping: the sheets' kinds and mappings; the dry run runs again. */
export const ImportMappingSchema = z.object({
  sheets: z
    .array(
      z.object({
        name: z.string({ error: 'Sheet name must be text.' }).max(200),
        kind: z.enum(BOOK_SHEET_KEYS, { error: 'Kind must be clients, family_members or plans.' }).nullable(),
        mapping: z.record(z.string().max(300), z.string().max(100).nullable()),
      }),
    )
    .max(20),
  /** Remember these headers' fields for the agency's next imports. */
  save: z.boolean().default(false),
});
export type ImportMappingInput = z.infer<typeof ImportMappingSchema>;

/** The households the dry run found, and the agent's merges and splits (issue 26 item 4). */
export const ImportHouseholdSchema = z.object({
  key: z.string(),
  client_name: z.string(),
  phone: z.string().nullable(),
  /** The family members named by Held By (or the Family Members sheet). */
  members: z.array(z.string()),
  plans: z.number().int(),
  rows: z.number().int(),
  outcome: z.enum(['new_client', 'matched_client']),
  /** Other households that look like the same family (the same phone, or the same name): merge candidates. */
  similar: z.array(z.string()),
  /** Made by merging these keys, or split from this key. */
  merged_from: z.array(z.string()),
  split_from: z.string().nullable(),
});
export type ImportHousehold = z.infer<typeof ImportHouseholdSchema>;

export const ImportHouseholdsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(ImportHouseholdSchema),
  total: z.number().int(),
  next: z.string().nullable(),
});

export const ImportHouseholdChangeSchema = z.object({
  /** Each entry: households to take as one (the first keeps its client). */
  merges: z
    .array(z.array(z.string().max(200)).min(2).max(50))
    .max(500)
    .default([]),
  /** Households to split: every Held By member becomes a client of their own. */
  splits: z.array(z.string().max(200)).max(500).default([]),
});
export type ImportHouseholdChange = z.infer<typeof ImportHouseholdChangeSchema>;

export const ImportRowsQuerySchema = z.object({
  /** Only rows of this outcome; `problems`: errors and duplicates. */
  outcome: z.enum([...IMPORT_OUTCOMES, 'problems']).optional(),
  household: z.string().max(200).optional(),
  /** The place after which the next page starts (from the previous answer's `next`). */
  after: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ImportRowsQuery = z.infer<typeof ImportRowsQuerySchema>;

export const ImportRowsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(ImportRowSchema),
  total: z.number().int(),
  next: z.string().nullable(),
});

export const ImportIdParamsSchema = z.object({ id: z.uuid({ error: 'Id must be a UUID.' }) });

/** GET /api/imports/template.csv?sheet= */
export const ImportTemplateCsvQuerySchema = z.object({
  sheet: z
    .enum(BOOK_SHEET_KEYS, { error: `Sheet must be one of ${BOOK_SHEET_KEYS.join(', ')}.` })
    .default('clients'),
});

export const SavedMappingsResponseSchema = z.object({
  status: z.literal('success'),
  /** header (lower case, trimmed) → field, per book sheet. */
  data: z.record(z.enum(BOOK_SHEET_KEYS), z.record(z.string(), z.string().nullable())),
});

export const importSheetLabel = (kind: BookSheetKey | null): string =>
  kind === 'clients'
    ? 'Clients'
    : kind === 'family_members'
      ? 'Family Members'
      : kind === 'plans'
        ? 'Plans'
        : 'Not imported';
