import { REPORT_PERIOD_LABELS, REPORT_PERIODS } from '@portal/contract';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { type ReportFilters, useFilterChoices } from '../api/get-reports.ts';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The API's own words for a range that ends before it starts (contract ReportQuerySchema). */
const RANGE_BACKWARDS = 'From must be on or before To.';
const OTHER_PERIODS = REPORT_PERIODS.filter((p) => p !== 'this_fy');

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
      name={`report-${label.toLowerCase()}`}
      value={typed}
      error={error}
      onChange={(e) => {
        setTyped(e.target.value);
        if (e.target.value === '' || ISO_DAY.test(e.target.value)) onDay(e.target.value);
      }}
    />
  );
}

/** The reports' filters: period (custom from and to), service, provider and staff member. */
export function ReportFilterBar({
  filters,
  onChange,
}: {
  filters: ReportFilters;
  onChange: (changes: Record<string, string>) => void;
}) {
  const { services, providers, staff } = useFilterChoices();
  const serviceList = services.data ?? [];
  const providerList = (providers.data ?? []).filter(
    (p) => !filters.service || p.service_code === filters.service,
  );
  const staffList = staff.data?.data ?? [];
  const custom = filters.period === 'custom';
  const backwards = custom && filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const any = filters.period !== 'this_fy' || filters.service || filters.provider || filters.staff;
  return (
    <section
      aria-label="Filters"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 xl:grid-cols-4"
    >
      <SelectField
        label="Period"
        placeholder={REPORT_PERIOD_LABELS.this_fy}
        value={filters.period === 'this_fy' ? '' : filters.period}
        onChange={(e) => onChange({ period: e.target.value })}
        options={OTHER_PERIODS}
        optionLabels={REPORT_PERIOD_LABELS}
      />
      <SelectField
        label="Service"
        placeholder="All services"
        value={filters.service}
        onChange={(e) => onChange({ service: e.target.value, provider: '' })}
        options={serviceList.map((s) => s.code)}
        optionLabels={Object.fromEntries(serviceList.map((s) => [s.code, s.name]))}
        error={services.isError ? 'We could not load the services; every service is counted.' : undefined}
      />
      <SelectField
        label="Provider"
        placeholder="All providers"
        value={filters.provider}
        onChange={(e) => onChange({ provider: e.target.value })}
        options={providerList.map((p) => p.provider_id)}
        optionLabels={Object.fromEntries(
          providerList.map((p) => [p.provider_id, `${p.provider_name} (${p.service_name})`]),
        )}
        error={providers.isError ? 'We could not load your providers; every provider is counted.' : undefined}
      />
      <SelectField
        label="Staff member"
        placeholder="Everyone’s clients"
        value={filters.staff}
        onChange={(e) => onChange({ staff: e.target.value })}
        options={staffList.map((a) => a.id)}
        optionLabels={Object.fromEntries(
          staffList.map((a) => [a.id, a.active ? a.name : `${a.name} (inactive)`]),
        )}
        error={staff.isError ? 'We could not load your team; every client is counted.' : undefined}
      />
      {custom ? (
        <>
          <DayFilter
            label="From"
            value={filters.from}
            onDay={(day) => onChange({ from: day })}
            error={backwards ? RANGE_BACKWARDS : undefined}
          />
          <DayFilter label="To" value={filters.to} onDay={(day) => onChange({ to: day })} />
        </>
      ) : null}
      {any ? (
        <div className="sm:col-span-2 xl:col-span-4">
          <Button
            variant="secondary"
            onClick={() => onChange({ period: '', from: '', to: '', service: '', provider: '', staff: '' })}
          >
            Clear filters
          </Button>
        </div>
      ) : null}
    </section>
  );
}
