import type { PlanDetail, SubtypeFields } from '@portal/contract';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { dateLabels, moneyLabel, planMoney } from './plan-rules.ts';

// The Plan Information card's rows (spec §2 Plan details, §3 subtype_fields per service): type-specific
// fields with their labels, then the premium or amount and the dates under the service's own names.

type Key = Exclude<keyof SubtypeFields, 'insured_members'>;

const LABELS: Record<Key, string> = {
  plan_name: 'Plan Name',
  sum_assured: 'Sum Assured',
  mode: 'Premium Mode',
  term: 'Policy Term',
  ppt: 'Premium Paying Term',
  cover_type: 'Cover Type',
  rc_number: 'RC Number',
  insurance_company_name: 'Insurance Company',
  trip_type: 'Trip Type',
  destination: 'Destination',
  duration: 'Trip Duration',
  folio_number: 'Folio Number',
  scheme: 'Scheme',
  fund: 'Fund',
  pran: 'PRAN',
  account_number: 'Account Number',
  scheme_name: 'Scheme Name',
  roi: 'Rate of Interest',
};

/** Per service, the fields in the order a reader expects them. */
const ORDER: Record<string, Key[]> = {
  life: ['plan_name', 'sum_assured', 'mode', 'term', 'ppt'],
  health: ['plan_name', 'cover_type', 'sum_assured', 'term'],
  motor: ['rc_number', 'term'],
  travel: ['insurance_company_name', 'trip_type', 'destination', 'duration', 'term'],
  home: ['insurance_company_name', 'term'],
  mutual_funds: ['fund', 'scheme', 'folio_number'],
  nps: ['pran'],
  postoffice: ['scheme_name', 'account_number', 'term', 'roi'],
};

const years = (v: number | string) => `${v} year${String(v) === '1' ? '' : 's'}`;

function formatValue(key: Key, value: string | number | boolean): string {
  switch (key) {
    case 'sum_assured':
      return formatMoney(value as number | string);
    case 'term':
    case 'ppt':
      return /^\d+$/.test(String(value)) ? years(value as number) : String(value);
    case 'duration':
      return /^\d+$/.test(String(value)) ? `${value} day${String(value) === '1' ? '' : 's'}` : String(value);
    case 'roi':
      // Spec §3: the post office rate is shown as a percentage.
      return `${value}%`;
    default:
      return typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);
  }
}

export interface Row {
  label: string;
  value: string;
  tone?: 'danger';
}

export function planRows(plan: PlanDetail, expired: boolean): Row[] {
  const code = plan.service_code.toLowerCase();
  const fields = plan.subtype_fields;
  const keys = ORDER[code] ?? (Object.keys(LABELS) as Key[]);
  const rows: Row[] = [];
  for (const key of keys) {
    const value = fields[key];
    if (value === null || value === undefined || value === '') continue;
    const label = key === 'term' && plan.plan_type === 'investment' ? 'Term' : LABELS[key];
    rows.push({ label, value: formatValue(key, value) });
  }
  const labels = dateLabels(code);
  rows.push({ label: moneyLabel(plan), value: formatMoney(planMoney(plan)) });
  rows.push({ label: labels.start, value: formatDate(plan.start_date) });
  rows.push({
    label: labels.end,
    value: formatDate(plan.end_date),
    ...(expired ? { tone: 'danger' as const } : {}),
  });
  return rows;
}
