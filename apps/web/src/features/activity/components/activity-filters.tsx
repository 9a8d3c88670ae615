import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import type { ActivityFilters } from '../api/get-activity.ts';
import { useActivityPeople } from '../api/get-activity-people.ts';
import { ClientFilter } from './client-filter.tsx';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The API's own words for a range that ends before it starts (contract ActivityQuerySchema). */
export const RANGE_BACKWARDS = 'From must be on or before To.';

/** A date field whose typed text stays in the field until it is a date; the address holds only dates. */
function DayFilter({
  label,
  value,
  onDay,
  error,
}: {
  label: string;
  value: string;
  onDay: (day: string) => void;
  error?: string | undefined;
}) {
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped((t) => (ISO_DAY.test(t) || t === '' ? value : t)), [value]);
  return (
    <DateField
      label={label}
      name={label.toLowerCase()}
      optional
      value={typed}
      error={error}
      onChange={(e) => {
        setTyped(e.target.value);
        if (e.target.value === '' || ISO_DAY.test(e.target.value)) onDay(e.target.value);
      }}
    />
  );
}

export function ActivityFilterBar({
  filters,
  clientLabel,
  onFilter,
  onClear,
}: {
  filters: ActivityFilters;
  clientLabel: string | null;
  onFilter: (key: keyof ActivityFilters, value: string) => void;
  onClear: () => void;
}) {
  const people = useActivityPeople();
  const list = people.data ?? [];
  const backwards = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const any = Object.values(filters).some((v) => v !== '');
  return (
    <section
      aria-label="Filters"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 xl:grid-cols-4"
    >
      <SelectField
        label="Person"
        placeholder={people.isPending ? 'Everyone (loading people…)' : 'Everyone'}
        value={filters.person}
        onChange={(e) => onFilter('person', e.target.value)}
        options={list.map((p) => p.user_id)}
        optionLabels={Object.fromEntries(
          list.map((p) => [p.user_id, `${p.name} (${p.role})${p.active ? '' : ', inactive'}`]),
        )}
        error={people.isError ? 'We could not load your team; every person is shown.' : undefined}
      />
      <ClientFilter
        chosen={filters.client}
        chosenLabel={clientLabel}
        onChoose={(id) => onFilter('client', id)}
      />
      <DayFilter
        label="From"
        value={filters.from}
        onDay={(day) => onFilter('from', day)}
        error={backwards ? RANGE_BACKWARDS : undefined}
      />
      <DayFilter label="To" value={filters.to} onDay={(day) => onFilter('to', day)} />
      {any ? (
        <div className="sm:col-span-2 xl:col-span-4">
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        </div>
      ) : null}
    </section>
  );
}
