import { BOOK_SHEETS, type BookSheetKey } from '@portal/contract';

// The fields a column of each book sheet can be read as, for the mapping's selects: the book's own columns
// (book-sheets.ts, by their headers) and, on a Plans sheet kept alone, the client's and the holder's details that
// an agent's own list repeats on every row (decision 036's households).

export interface FieldOption {
  field: string;
  label: string;
}

const HOUSEHOLD_FIELDS: readonly FieldOption[] = [
  { field: 'client.full_name', label: "Client's full name" },
  { field: 'client.first_name', label: "Client's first name" },
  { field: 'client.last_name', label: "Client's last name" },
  { field: 'client.phone', label: "Client's phone" },
  { field: 'client.email', label: "Client's e-mail" },
  { field: 'client.pan_number', label: "Client's PAN" },
  { field: 'client.date_of_birth', label: "Client's date of birth" },
  { field: 'client.gender', label: "Client's gender" },
  { field: 'holder.relationship', label: "Holder's relationship" },
  { field: 'holder.date_of_birth', label: "Holder's date of birth" },
  { field: 'holder.gender', label: "Holder's gender" },
];

const OPTIONS = new Map<BookSheetKey, readonly FieldOption[]>(
  BOOK_SHEETS.map((sheet) => [
    sheet.key,
    [
      ...sheet.columns
        // A masked cell is the export's display of an identity number, never read back (book-sheets.ts).
        .filter((c) => c.type !== 'masked')
        .map((c) => ({ field: c.field, label: c.header })),
      ...(sheet.key === 'plans' ? HOUSEHOLD_FIELDS : []),
    ],
  ]),
);

/**
 * The options of a column's select on a sheet of this kind. A field the API chose that the list does not hold
 * (a newer field) is kept as an option of its own, so the select never shows something else than what is mapped.
 */
export function fieldOptions(kind: BookSheetKey, chosen: Array<string | null> = []): readonly FieldOption[] {
  const options = OPTIONS.get(kind) ?? [];
  const extra = chosen
    .filter((f): f is string => f !== null && !options.some((o) => o.field === f))
    .filter((f, i, all) => all.indexOf(f) === i)
    .map((field) => ({ field, label: field }));
  return extra.length > 0 ? [...options, ...extra] : options;
}

export function fieldLabel(kind: BookSheetKey, field: string): string {
  return OPTIONS.get(kind)?.find((o) => o.field === field)?.label ?? field;
}
