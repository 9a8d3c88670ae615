import type { WorkspacePlanDetail } from '@portal/contract';
import { formatDate, formatMoney } from '../../../lib/format.ts';

// The Plan Information card's rows (spec §2 plan details, §3 subtype_fields per service): the service's
// own fields with their labels, then the premium or amount and the dates under the service's names.

const LABELS: Record<string, string> = {
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

/** Per service, the fields in the order a reader expects them (spec §3). */
const ORDER: Record<string, string[]> = {
  life: ['plan_name', 'sum_assured', 'mode', 'term', 'ppt'],
  health: ['plan_name', 'cover_type', 'sum_assured', 'term'],
  motor: ['rc_number', 'term'],
  travel: ['insurance_company_name', 'trip_type', 'destination', 'duration', 'term'],
  home: ['insurance_company_name', 'term'],
  mutual_funds: ['fund', 'scheme', 'folio_number'],
  nps: ['pran'],
  postoffice: ['scheme_name', 'account_number', 'term', 'roi'],
};

const plural = (n: string, unit: string) => `${n} ${unit}${n === '1' ? '' : 's'}`;

function formatValue(key: string, value: unknown): string {
  const text = String(value);
  switch (key) {
    case 'sum_assured':
      return formatMoney(text);
    case 'term':
    case 'ppt':
      return /^\d+$/.test(text) ? plural(text, 'year') : text;
    case 'duration':
      return /^\d+$/.test(text) ? plural(text, 'day') : text;
    case 'roi':
      // Spec §3: the post office rate is shown as a percentage.
      return `${text}% a year`;
    default:
      return typeof value === 'boolean' ? (value ? 'Yes' : 'No') : text;
  }
}

/** Spec §2: life says Date of Commencement and Date of Maturity; NPS its Last Contribution Date. */
export function dateLabels(serviceCode: string): { start: string; end: string } {
  switch (serviceCode.toLowerCase()) {
    case 'life':
      return { start: 'Date of Commencement', end: 'Date of Maturity' };
    case 'nps':
      return { start: 'Start Date', end: 'Last Contribution Date' };
    case 'mutual_funds':
    case 'postoffice':
      return { start: 'Start Date', end: 'Maturity Date' };
    default:
      return { start: 'Start Date', end: 'End Date' };
  }
}

export interface InfoRow {
  label: string;
  value: string;
  tone?: 'danger';
}

export function planRows(plan: WorkspacePlanDetail): InfoRow[] {
  const code = plan.service_code.toLowerCase();
  const fields = plan.subtype_fields;
  const keys = ORDER[code] ?? Object.keys(LABELS);
  const rows: InfoRow[] = [];
  for (const key of keys) {
    const value = fields[key];
    if (value === null || value === undefined || value === '' || typeof value === 'object') continue;
    // A post office scheme runs for a term; a policy has a policy term.
    const label = key === 'term' && plan.plan_kind === 'investment' ? 'Term' : (LABELS[key] ?? key);
    rows.push({ label, value: formatValue(key, value) });
  }
  const insurance = plan.plan_kind === 'insurance';
  rows.push({
    label: insurance ? 'Premium Amount' : 'Amount',
    value: formatMoney(insurance ? plan.premium_amount : plan.amount),
  });
  const labels = dateLabels(code);
  rows.push({ label: labels.start, value: formatDate(plan.start_date) });
  rows.push({
    label: labels.end,
    value: plan.end_date ? formatDate(plan.end_date) : 'No end date',
    ...(plan.status === 'Expired' ? { tone: 'danger' as const } : {}),
  });
  return rows;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
}
