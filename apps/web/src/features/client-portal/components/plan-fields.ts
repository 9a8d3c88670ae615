import { PLAN_MONEY_FIELDS, type PlanDetail, type PlanFieldKey, planFieldOrder } from '@portal/contract';
import { planMoney } from './plan-rules.ts';
import type { PlanWords } from './plan-words.ts';

// The Plan Information card's rows (spec §2 Plan details, §3 subtype_fields per service): type-specific
// fields with the contract's labels in its order, then the premium or amount and the dates under the
// service's own names; words, money and dates in the client's language (issue 30).

type Key = PlanFieldKey;

export interface RowFormat {
  money: (value: number | string | null | undefined) => string;
  date: (value: string | null | undefined) => string;
}

function formatValue(
  key: Key,
  value: string | number | boolean,
  words: PlanWords,
  format: RowFormat,
): string {
  if (PLAN_MONEY_FIELDS.has(key)) return format.money(value as number | string);
  const choice = words.choice(key, value);
  if (choice !== undefined) return choice;
  switch (key) {
    case 'term':
    case 'ppt':
      return /^\d+$/.test(String(value)) ? words.years(Number(value)) : String(value);
    case 'duration':
      return /^\d+$/.test(String(value)) ? words.days(Number(value)) : String(value);
    case 'roi':
      // Spec §3: the post office rate is shown as a percentage.
      return `${value}%`;
    case 'mode':
    case 'cover_type':
    case 'trip_type':
      return words.value(String(value));
    default:
      return typeof value === 'boolean' ? words.yesNo(value) : String(value);
  }
}

export interface Row {
  label: string;
  value: string;
  tone?: 'danger';
}

export function planRows(plan: PlanDetail, expired: boolean, words: PlanWords, format: RowFormat): Row[] {
  const code = plan.service_code.toLowerCase();
  const fields = plan.subtype_fields;
  const rows: Row[] = [];
  for (const key of planFieldOrder(code)) {
    const value = fields[key];
    if (value === null || value === undefined || value === '') continue;
    rows.push({ label: words.field(key, plan.plan_type), value: formatValue(key, value, words, format) });
  }
  const labels = words.dates(code);
  rows.push({ label: words.money(plan), value: format.money(planMoney(plan)) });
  rows.push({ label: labels.start, value: format.date(plan.start_date) });
  rows.push({
    label: labels.end,
    value: format.date(plan.end_date),
    ...(expired ? { tone: 'danger' as const } : {}),
  });
  return rows;
}
