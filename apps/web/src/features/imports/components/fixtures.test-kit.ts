import {
  type ImportHousehold,
  ImportHouseholdSchema,
  ImportHouseholdsResponseSchema,
  type ImportJob,
  ImportJobListResponseSchema,
  ImportJobResponseSchema,
  ImportJobSchema,
  type ImportRow,
  ImportRowSchema,
  ImportRowsResponseSchema,
  type ImportSheet,
} from '@portal/contract';
import { vi } from 'vitest';

// Answers for the import's component tests, every one checked by the contract's schemas, and a stand-in for
// fetch that records each call and answers from a table the test fills.

export const JOB_ID = '00000000-0000-4000-8000-000000000261';

const NO_COUNTS = {
  rows: 0,
  new_clients: 0,
  matched_clients: 0,
  new_members: 0,
  new_plans: 0,
  duplicates: 0,
  errors: 0,
  new_providers: 0,
  households: 0,
};

export const plansSheet = (overrides: Partial<ImportSheet> = {}): ImportSheet => ({
  name: 'My policies',
  kind: 'plans',
  headers: ['Customer Name', 'Mobile', 'Policy No', 'DOB', 'Remarks'],
  mapping: {
    'Customer Name': 'client.full_name',
    Mobile: 'client.phone',
    'Policy No': 'policy_number',
    DOB: 'client.date_of_birth',
    Remarks: null,
  },
  rows: 120,
  sample: [
    ['Ravi Sharma', '+91 98765 43210', '918273645', '12/03/1985', 'renew in March'],
    ['Sunita Sharma', '98765 43210', '918273646', '01/07/1988', ''],
  ],
  ...overrides,
});

export function importJob(overrides: Partial<ImportJob> = {}): ImportJob {
  return ImportJobSchema.parse({
    id: JOB_ID,
    file_name: 'sharma-book.xlsx',
    status: 'checked',
    created_at: '2026-11-21T09:30:00.000Z',
    created_by_name: 'Asha Verma',
    sheets: [plansSheet()],
    counts: {
      ...NO_COUNTS,
      rows: 120,
      new_clients: 30,
      matched_clients: 4,
      new_members: 12,
      new_plans: 100,
      duplicates: 8,
      errors: 3,
      new_providers: 2,
      households: 34,
    },
    progress: { done: 0, total: 0 },
    committed_at: null,
    finished_at: null,
    undo_until: null,
    failure: null,
    ...overrides,
  });
}

export function importRow(overrides: Partial<ImportRow> = {}): ImportRow {
  return ImportRowSchema.parse({
    sheet: 'My policies',
    row_number: 2,
    outcome: 'new_plan',
    matched_by: null,
    summary: 'Ravi Sharma · LIC 918273645 (Life Insurance)',
    household: 'h-ravi',
    new_provider: null,
    errors: [],
    ...overrides,
  });
}

export function household(overrides: Partial<ImportHousehold> = {}): ImportHousehold {
  return ImportHouseholdSchema.parse({
    key: 'h-ravi',
    client_name: 'Ravi Sharma',
    phone: '+91 98765 43210',
    members: ['Sunita Sharma'],
    plans: 3,
    rows: 3,
    outcome: 'new_client',
    similar: [],
    merged_from: [],
    split_from: null,
    ...overrides,
  });
}

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: Call) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** fetch answered from `routes` ('GET /api/imports/…'); every call is kept in `calls`. */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const call = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected call ${method} ${url.pathname}`);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    of: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** The job's answer as the API sends it. */
export const jobAnswer = (job: ImportJob, status = 200) =>
  json(status, ImportJobResponseSchema.parse({ status: 'success', data: job }));

/** The list of imports: each job without its sheets. */
export const listAnswer = (jobs: ImportJob[]) =>
  json(
    200,
    ImportJobListResponseSchema.parse({ status: 'success', data: jobs.map(({ sheets: _s, ...job }) => job) }),
  );

export const rowsAnswer = (rows: ImportRow[], total: number, next: string | null = null) =>
  json(200, ImportRowsResponseSchema.parse({ status: 'success', data: rows, total, next }));

export const householdsAnswer = (data: ImportHousehold[], total: number, next: string | null = null) =>
  json(200, ImportHouseholdsResponseSchema.parse({ status: 'success', data, total, next }));

/** Catches downloads: the names files are saved under. */
export function catchDownloads() {
  const saved: string[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
