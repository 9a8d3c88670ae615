import {
  PLAN_MONEY_FIELDS,
  planChoiceText,
  planDateLabels,
  planFieldLabel,
  planFieldOrder,
  type WorkspacePlanDetail,
} from '@portal/contract';
import { formatDate, formatMoney } from '../../../lib/format.ts';

// The Plan Information card's rows (spec §2 plan details, §3 subtype_fields per service): the service's
// own fields with the contract's labels in its order, then the premium or amount and the dates under the
// service's names (the workspace calls an investment's end its maturity).

const plural = (n: string, unit: string) => `${n} ${unit}${n === '1' ? '' : 's'}`;

function formatValue(key: string, value: unknown): string {
  const text = String(value);
  if (PLAN_MONEY_FIELDS.has(key)) return formatMoney(text);
  const choice = planChoiceText(key, value);
  if (choice !== undefined) return choice;
  switch (key) {
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

export interface InfoRow {
  label: string;
  value: string;
  tone?: 'danger';
}

export function planRows(plan: WorkspacePlanDetail): InfoRow[] {
  const code = plan.service_code.toLowerCase();
  const fields = plan.subtype_fields;
  const rows: InfoRow[] = [];
  for (const key of planFieldOrder(code)) {
    const value = fields[key];
    if (value === null || value === undefined || value === '' || typeof value === 'object') continue;
    rows.push({ label: planFieldLabel(key, plan.plan_kind), value: formatValue(key, value) });
  }
  const insurance = plan.plan_kind === 'insurance';
  rows.push({
    label: insurance ? 'Premium Amount' : 'Amount',
    value: formatMoney(insurance ? plan.premium_amount : plan.amount),
  });
  const labels = planDateLabels(code);
  rows.push({ label: labels.start, value: formatDate(plan.start_date) });
  rows.push({
    label: labels.workspaceEnd,
    value: plan.end_date ? formatDate(plan.end_date) : 'No end date',
    ...(plan.status === 'Expired' ? { tone: 'danger' as const } : {}),
  });
  return rows;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
}
