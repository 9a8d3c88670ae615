import { formatDate } from '../../../lib/format.ts';
// The spec's legacy answer shapes for the client list (spec §3, "Client (admin view)"), normalised once:
// a bare array, or an object with the array under data, clients, items, results, users, records, list,
// array or content, else its first array-valued property; PascalCase or snake_case fields.

export interface AdminClient {
  ClientId: string;
  ClientName: string;
  AgencyName: string | null;
  AgencyEmail: string | null;
  IsActive: boolean;
  IsVerified: boolean;
}

const WRAPPERS = [
  'data',
  'clients',
  'items',
  'results',
  'users',
  'records',
  'list',
  'array',
  'content',
] as const;

/** The list in the answer, or null when the answer holds none (spec §3: then the list is empty). */
function findArray(payload: unknown): unknown[] | null {
  if (Array.isArray(payload)) return payload;
  if (!payload || typeof payload !== 'object') return null;
  const record = payload as Record<string, unknown>;
  for (const key of WRAPPERS) {
    if (Array.isArray(record[key])) return record[key] as unknown[];
  }
  for (const value of Object.values(record)) {
    if (Array.isArray(value)) return value;
  }
  return null;
}

function text(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value);
}

function flag(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === '1';
}

export function normalizeClient(raw: unknown): AdminClient | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = text(r.ClientId ?? r.client_id);
  if (!id) return null;
  return {
    ClientId: id,
    ClientName: text(r.ClientName ?? r.client_name) ?? '',
    AgencyName: text(r.AgencyName ?? r.agency_name),
    AgencyEmail: text(r.AgencyEmail ?? r.agency_email),
    IsActive: flag(r.IsActive ?? r.is_active),
    IsVerified: flag(r.IsVerified ?? r.is_verified),
  };
}

/** The clients of any accepted shape, and the total (from `pagination.total` or `total` when present). */
export function normalizeClientList(payload: unknown): { items: AdminClient[]; total: number } {
  const list = findArray(payload);
  // An answer without a list is empty: a stray `total` in it must not page through nothing.
  if (!list) return { items: [], total: 0 };
  const items = list.map(normalizeClient).filter((c): c is AdminClient => c !== null);
  let total = items.length;
  if (!Array.isArray(payload)) {
    const p = payload as { pagination?: { total?: unknown }; total?: unknown };
    const declared = Number(p.pagination?.total ?? p.total);
    if (Number.isInteger(declared) && declared >= items.length) total = declared;
  }
  return { items, total };
}

/** The spec's client search of the loaded page (spec §5): name, agency, email or id, case-insensitive. */
export function matchesClient(client: AdminClient, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [client.ClientName, client.AgencyName, client.AgencyEmail, client.ClientId].some((v) =>
    (v ?? '').toLowerCase().includes(needle),
  );
}

/** 'years_in_business' → 'years in business' (spec §2 View modal: underscores become spaces). */
export function fieldLabel(key: string): string {
  return key.replaceAll('_', ' ');
}

/** Booleans as Yes or No, missing values as 'N/A' (spec §2). */
export function fieldValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined || value === '') return 'N/A';
  // A timestamp reads as a date, not as ISO text (issue 24 item 15).
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDate(value);
  return String(value);
}
