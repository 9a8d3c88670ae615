import type { Provider } from '@portal/contract';
import { useAgents } from '../../features/clients/api/get-agents.ts';
import { useProviders } from '../../features/providers/api/get-providers.ts';
import {
  type PlanTypeFilter,
  TYPE_LABELS,
  type WorkListFiltersProps,
} from '../../features/renewals/api/get-renewals.ts';

const SELECT =
  'min-h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 focus:outline-none sm:w-auto sm:max-w-64';

/** A labelled select of the filter row: "" is its first option, no filter. */
function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-sm text-slate-700 sm:flex-row sm:items-center sm:gap-2">
      <span className="whitespace-nowrap">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} className={SELECT}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The services of the agency's companies, each once, in the order of the company lists. */
function servicesOf(providers: Provider[]) {
  const seen = new Map<string, string>();
  for (const p of providers) if (!seen.has(p.service_code)) seen.set(p.service_code, p.service_name);
  return [...seen].map(([code, name]) => ({ code, name }));
}

/**
 * The work-list's filters (issue 27 item 4): kind, service, provider company and, for those who manage the
 * agency, the staff member whose clients to show. A service narrows the companies offered to its own. Composed
 * here because it reads the providers' and the clients' features (conventions: features do not import each other).
 */
export function WorkListFilters({ filter, manages, onChange }: WorkListFiltersProps) {
  const insurers = useProviders('insurance');
  const investments = useProviders('investment');
  const agents = useAgents(manages);
  const all = [
    ...(filter.type === 'investment' ? [] : (insurers.data ?? [])),
    ...(filter.type === 'insurance' ? [] : (investments.data ?? [])),
  ];
  const services = servicesOf(all);
  const companies = all
    .filter((p) => !filter.service || p.service_code === filter.service)
    .sort((a, b) => a.provider_name.localeCompare(b.provider_name));
  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-center sm:gap-x-5">
      <legend className="sr-only">Filter the work-list</legend>
      <FilterSelect
        label="Show"
        value={filter.type}
        onChange={(v) => onChange({ type: v as PlanTypeFilter, service: '', provider: '' })}
        options={(Object.keys(TYPE_LABELS) as PlanTypeFilter[]).map((t) => ({
          value: t,
          label: TYPE_LABELS[t],
        }))}
      />
      <FilterSelect
        label="Service"
        value={filter.service}
        onChange={(v) => onChange({ service: v, provider: '' })}
        options={[
          { value: '', label: 'Every service' },
          ...services.map((s) => ({ value: s.code, label: s.name })),
        ]}
      />
      <FilterSelect
        label="Company"
        value={filter.provider}
        onChange={(v) => onChange({ provider: v })}
        options={[
          { value: '', label: 'Every company' },
          ...companies.map((p) => ({
            value: p.provider_id,
            label: `${p.provider_name} (${p.service_name})`,
          })),
        ]}
      />
      {manages ? (
        <FilterSelect
          label="Staff"
          value={filter.staff}
          onChange={(v) => onChange({ staff: v })}
          options={[
            { value: '', label: 'Everyone’s clients' },
            ...(agents.data?.data ?? []).map((a) => ({
              value: a.id,
              label: a.active ? a.name : `${a.name} (inactive)`,
            })),
          ]}
        />
      ) : null}
    </fieldset>
  );
}
