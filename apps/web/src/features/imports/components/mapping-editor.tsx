import {
  BOOK_SHEET_KEYS,
  type BookSheetKey,
  type ImportJob,
  type ImportSheet,
  importSheetLabel,
} from '@portal/contract';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { control } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useSetImportMapping } from '../api/set-import-mapping.ts';
import { fieldOptions } from './field-options.ts';
import { formatCount, plural } from './import-labels.ts';

type Draft = Pick<ImportSheet, 'name' | 'kind' | 'mapping'>;

const draftOf = (sheets: ImportSheet[]): Draft[] =>
  sheets.map(({ name, kind, mapping }) => ({ name, kind, mapping: { ...mapping } }));

const sameDraft = (a: Draft[], b: Draft[]) => JSON.stringify(a) === JSON.stringify(b);

/** A sheet taken as another kind keeps the fields that kind has too; the others are left out until chosen. */
function withKind(sheet: Draft, kind: BookSheetKey | null): Draft {
  const options = kind ? fieldOptions(kind) : [];
  const mapping = Object.fromEntries(
    Object.entries(sheet.mapping).map(([header, field]) => [
      header,
      field && options.some((o) => o.field === field) ? field : null,
    ]),
  );
  return { ...sheet, kind, mapping };
}

/** The first cells of a column, to recognise it by: "12/03/1985 · 01/07/1990". */
function samples(sheet: ImportSheet, index: number): string {
  return sheet.sample
    .map((row) => row[index]?.trim() ?? '')
    .filter(Boolean)
    .slice(0, 3)
    .join(' · ');
}

function SheetMapping({
  sheet,
  draft,
  onChange,
}: {
  sheet: ImportSheet;
  draft: Draft;
  onChange: (next: Draft) => void;
}) {
  const id = useId();
  const mapped = sheet.headers.filter((h) => draft.mapping[h]).length;
  const [open, setOpen] = useState(() => draft.kind !== null && mapped < sheet.headers.length);
  const kind = draft.kind;
  const options = kind ? fieldOptions(kind, Object.values(draft.mapping)) : [];
  const uses = new Map<string, number>();
  for (const header of sheet.headers) {
    const field = draft.mapping[header];
    if (field) uses.set(field, (uses.get(field) ?? 0) + 1);
  }
  return (
    <section
      aria-labelledby={`${id}-name`}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h4 id={`${id}-name`} className="font-medium break-words text-slate-900">
            Sheet “{sheet.name}”
          </h4>
          <p className="text-sm text-slate-600">
            {plural(sheet.rows, 'row')} · {formatCount(mapped)} of {plural(sheet.headers.length, 'column')}{' '}
            read
          </p>
        </div>
        <div className="flex w-full flex-col gap-1 sm:w-56">
          <label htmlFor={`${id}-kind`} className="text-sm font-medium text-slate-700">
            Read as
          </label>
          <select
            id={`${id}-kind`}
            value={kind ?? ''}
            onChange={(e) => onChange(withKind(draft, (e.target.value || null) as BookSheetKey | null))}
            className={cn(control, 'border-slate-300')}
          >
            {BOOK_SHEET_KEYS.map((k) => (
              <option key={k} value={k}>
                {importSheetLabel(k)}
              </option>
            ))}
            <option value="">{importSheetLabel(null)}</option>
          </select>
        </div>
      </div>
      {kind ? (
        <>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-columns`}
            onClick={() => setOpen((o) => !o)}
            className="inline-flex items-center gap-1 self-start rounded text-sm font-medium text-primary-700 hover:underline"
          >
            <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
            {open ? 'Hide columns' : `Show columns (${formatCount(sheet.headers.length)})`}
          </button>
          {open ? (
            <ul id={`${id}-columns`} className="flex flex-col divide-y divide-slate-100">
              {sheet.headers.map((header, index) => {
                const field = draft.mapping[header] ?? '';
                const seen = samples(sheet, index);
                const twice = field !== '' && (uses.get(field) ?? 0) > 1;
                return (
                  <li
                    // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place in the sheet (headers repeat, or are blank).
                    key={index}
                    className="grid gap-2 py-3 first:pt-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_16rem] sm:items-center sm:gap-4"
                  >
                    <div className="min-w-0">
                      <p id={`${id}-h${index}`} className="text-sm font-medium break-words text-slate-900">
                        {header || `Column ${index + 1} (no header)`}
                      </p>
                      <p className="truncate text-xs text-slate-500" title={seen}>
                        {seen ? `e.g. ${seen}` : 'Empty in the first rows'}
                      </p>
                    </div>
                    <div className="flex flex-col gap-1">
                      <select
                        aria-labelledby={`${id}-h${index}`}
                        aria-describedby={twice ? `${id}-t${index}` : undefined}
                        value={field}
                        onChange={(e) =>
                          onChange({
                            ...draft,
                            mapping: { ...draft.mapping, [header]: e.target.value || null },
                          })
                        }
                        className={cn(
                          control,
                          field ? 'border-slate-300' : 'border-slate-300 text-slate-500',
                        )}
                      >
                        <option value="">Leave out</option>
                        {options.map((o) => (
                          <option key={o.field} value={o.field}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                      {twice ? (
                        <p id={`${id}-t${index}`} className="text-xs text-amber-800">
                          Chosen for another column too.
                        </p>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-slate-600">This sheet is not imported.</p>
      )}
    </section>
  );
}

/**
 * How the file is read (issue 26 item 2): each sheet taken as one of the book's sheets, each column as a field,
 * guessed by the API and changed here; "Check again" sends them and the dry run runs again, and "Remember this
 * mapping" keeps the columns' fields for the agency's next uploads.
 */
export function MappingEditor({ job }: { job: ImportJob }) {
  const [draft, setDraft] = useState(() => draftOf(job.sheets));
  const [save, setSave] = useState(false);
  const mapping = useSetImportMapping();
  const changed = !sameDraft(draft, draftOf(job.sheets));
  return (
    <section
      aria-labelledby="import-mapping-title"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div>
        <h3 id="import-mapping-title" className="font-semibold text-slate-900">
          Sheets and columns
        </h3>
        <p className="text-sm text-slate-600">
          How each sheet and column of your file is read. Change a field where the guess is wrong, then check
          again.
        </p>
      </div>
      {job.sheets.length === 0 ? (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">
          The file has no sheet with a header row to read. Check the file and upload it again.
        </p>
      ) : null}
      {job.sheets.map((sheet, i) => (
        <SheetMapping
          key={sheet.name}
          sheet={sheet}
          draft={draft[i] ?? sheet}
          onChange={(next) => setDraft((all) => all.map((d, j) => (j === i ? next : d)))}
        />
      ))}
      {mapping.isError ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {mapping.error instanceof ApiError
            ? mapping.error.message
            : 'The columns could not be sent. Try again.'}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Checkbox
          checked={save}
          onCheckedChange={setSave}
          label="Remember this mapping for my next imports"
        />
        <Button
          variant="secondary"
          busy={mapping.isPending}
          disabled={!changed && !save}
          onClick={() => mapping.mutate({ id: job.id, body: { sheets: draft, save } })}
        >
          Check again
        </Button>
      </div>
    </section>
  );
}
