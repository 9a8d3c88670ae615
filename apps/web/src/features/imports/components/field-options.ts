import { type BookSheetKey, IMPORT_FIELDS } from '@portal/contract';

// The fields a column of each book sheet can be read as, for the mapping's selects: the contract's IMPORT_FIELDS
// (the book's own columns by their headers and, on a Plans sheet kept alone, the client's and the holder's
// details an agent's own list repeats on every row).

export interface FieldOption {
  field: string;
  label: string;
}

/**
 * The options of a column's select on a sheet of this kind. A field the API chose that the list does not hold
 * (a newer field) is kept as an option of its own, so the select never shows something else than what is mapped.
 */
export function fieldOptions(kind: BookSheetKey, chosen: Array<string | null> = []): readonly FieldOption[] {
  const options: readonly FieldOption[] = IMPORT_FIELDS[kind];
  const extra = chosen
    .filter((f): f is string => f !== null && !options.some((o) => o.field === f))
    .filter((f, i, all) => all.indexOf(f) === i)
    .map((field) => ({ field, label: field }));
  return extra.length > 0 ? [...options, ...extra] : options;
}
