import { IMPORT_MATCH_LABEL, type ImportOutcome, type ImportRow, type ImportStatus } from '@portal/contract';
import type { RowsFilter } from '../api/get-import-rows.ts';

// The words and colours of an import's states and of its rows' outcomes (visual language: colour and words
// together; green done, red errors, amber waiting or already present, blue at work).

export type Tone = 'green' | 'red' | 'blue' | 'amber' | 'slate';

export const STATUS_LABEL: Record<ImportStatus, string> = {
  checking: 'Checking',
  checked: 'Ready to import',
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Done',
  cancelled: 'Cancelled',
  failed: 'Failed',
  undone: 'Undone',
};

export const STATUS_TONE: Record<ImportStatus, Tone> = {
  checking: 'blue',
  checked: 'amber',
  queued: 'blue',
  running: 'blue',
  done: 'green',
  cancelled: 'slate',
  failed: 'red',
  undone: 'slate',
};

export const OUTCOME_LABEL: Record<ImportOutcome, string> = {
  new_client: 'New client',
  matched_client: 'Existing client',
  new_member: 'New family member',
  new_plan: 'New plan',
  duplicate: 'Already present',
  error: 'Error',
  created: 'Imported',
  present: 'Already present',
  skipped: 'Skipped',
};

export const OUTCOME_TONE: Record<ImportOutcome, Tone> = {
  new_client: 'blue',
  matched_client: 'slate',
  new_member: 'blue',
  new_plan: 'blue',
  duplicate: 'amber',
  error: 'red',
  created: 'green',
  present: 'amber',
  skipped: 'red',
};

/** The filters of the dry run's rows, and of the commit's. */
export const DRY_RUN_FILTERS: ReadonlyArray<{ filter: RowsFilter; label: string }> = [
  { filter: 'all', label: 'All rows' },
  { filter: 'problems', label: 'Problems' },
  { filter: 'error', label: 'Errors' },
  { filter: 'duplicate', label: 'Already present' },
  { filter: 'new_client', label: 'New clients' },
  { filter: 'matched_client', label: 'Existing clients' },
  { filter: 'new_member', label: 'New family members' },
  { filter: 'new_plan', label: 'New plans' },
];

export const COMMIT_FILTERS: ReadonlyArray<{ filter: RowsFilter; label: string }> = [
  { filter: 'all', label: 'All rows' },
  { filter: 'created', label: 'Imported' },
  { filter: 'present', label: 'Already present' },
  { filter: 'skipped', label: 'Skipped' },
];

/** "Matched by PAN" for a row that names a client already in the agency. */
export function matchNote(row: ImportRow): string | null {
  return row.matched_by ? `Matched by ${IMPORT_MATCH_LABEL[row.matched_by]}` : null;
}

const count = new Intl.NumberFormat('en-IN');

/** A count as Indians group it: 1,23,456. */
export const formatCount = (n: number) => count.format(n);

/** "1 row", "12,345 rows". */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;
