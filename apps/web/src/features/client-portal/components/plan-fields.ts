import {
  PLAN_MONEY_FIELDS,
  type PlanDetail,
  type PlanFieldKey,
  planChoiceText,
  planDateLabels,
  planFieldLabel,
  planFieldOrder,
} from '@portal/contract';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { moneyLabel, planMoney } from './plan-rules.ts';

// The Plan Information card's rows (spec §2 Plan details, §3 subtype_fields per service): type-specific
// fields with the contract's labels in its order, then the premium or amount and the dates under the
// service's own names.

type Key = PlanFieldKey;

const years = (v: number | string) => `${v} year${String(v) === '1' ? '' : 's'}`;

function formatValue(key: Key, value: string | number | boolean): string {
  if (PLAN_MONEY_FIELDS.has(key)) return formatMoney(value as number | string);
  const choice = planChoiceText(key, value);
  if (choice !== undefined) return choice;
  switch (key) {
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
  const rows: Row[] = [];
  for (const key of planFieldOrder(code)) {
    const value = fields[key];
    if (value === null || value === undefined || value === '') continue;
    rows.push({ label: planFieldLabel(key, plan.plan_type), value: formatValue(key, value) });
  }
  const labels = planDateLabels(code);
  rows.push({ label: moneyLabel(plan), value: formatMoney(planMoney(plan)) });
  rows.push({ label: labels.start, value: formatDate(plan.start_date) });
  rows.push({
    label: labels.end,
    value: formatDate(plan.end_date),
    ...(expired ? { tone: 'danger' as const } : {}),
  });
  return rows;
}
