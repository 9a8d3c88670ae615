import {
  addMoney,
  type BookColumn,
  type BookSummary,
  type ClaimsReport,
  type NewBusiness,
  type PremiumRegisterRow,
  REGISTER_STATUS_LABELS,
  type RenewalsReport,
} from '@portal/contract';
import type { BookRow } from '../exports/book-rows.ts';

// Each report as the tables its files hold (issue 29, decision 046): columns in the book's cell types, so the
// export's writers give them the same cells (₹ amounts with Indian grouping, dd/mm/yyyy dates, formula-escaped
// text), and a totals row where the figures add up.

export interface ReportTable {
  name: string;
  columns: readonly BookColumn[];
  rows: BookRow[];
  /** The last row, labelled Total in the first column. */
  totals?: BookRow;
}

const text = (header: string, field: string): BookColumn => ({ header, field, type: 'text' });
const amount = (header: string, field: string): BookColumn => ({ header, field, type: 'amount' });
const number = (header: string, field: string): BookColumn => ({ header, field, type: 'number' });
const date = (header: string, field: string): BookColumn => ({ header, field, type: 'date' });

export const REGISTER_COLUMNS: readonly BookColumn[] = [
  text('Client', 'client'),
  text('Client Code', 'client_code'),
  text('Held By', 'holder'),
  text('Provider', 'provider'),
  text('Service', 'service'),
  text('Policy / Account Number', 'plan_number'),
  text('Mode', 'mode'),
  amount('Premium', 'premium'),
  date('Due Date', 'due_date'),
  date('Paid On', 'paid_on'),
  text('Status', 'status'),
];

export const registerCells = (r: PremiumRegisterRow): BookRow => ({
  client: r.client_name,
  client_code: r.client_code,
  holder: r.holder_name ?? '',
  provider: r.provider_name,
  service: r.service_name,
  plan_number: r.plan_number,
  mode: r.mode,
  premium: r.premium,
  due_date: r.due_date,
  paid_on: r.paid_on,
  status: REGISTER_STATUS_LABELS[r.status],
});

/** The register's totals row, added up as the rows stream. */
export function registerTotalsRow(count: number, premium: string): BookRow {
  return { client: 'Total', client_code: `${count} rows`, premium };
}

export const sumOf = (rows: readonly BookRow[], field: string): string =>
  rows.reduce((a, r) => addMoney(a, String(r[field] ?? '0')), '0.00');

export function newBusinessTables(r: NewBusiness): ReportTable[] {
  return [
    {
      name: 'New business',
      columns: [
        text('Service', 'service'),
        text('Provider', 'provider'),
        number('Plans', 'plans'),
        amount('Premium / Amount', 'amount'),
        number('Plans a year earlier', 'previous_plans'),
        amount('Premium / Amount a year earlier', 'previous_amount'),
      ],
      rows: r.rows.map((x) => ({
        service: x.service_name,
        provider: x.provider_name,
        plans: x.plans,
        amount: x.amount,
        previous_plans: x.previous_plans,
        previous_amount: x.previous_amount,
      })),
      totals: { service: 'Total', ...r.totals },
    },
  ];
}

export function renewalsTables(r: RenewalsReport): ReportTable[] {
  return [
    {
      name: 'Renewals and lapses',
      columns: [
        text('Service', 'service'),
        number('Renewed', 'renewed'),
        number('Lapsed', 'lapsed'),
        number('Lost', 'lost'),
      ],
      rows: r.by_service.map((x) => ({ service: x.service_name, ...x })),
      totals: { service: 'Total', renewed: r.renewed, lapsed: r.lapsed, lost: r.lost },
    },
    {
      name: 'Retention',
      columns: [text('Figure', 'figure'), number('Value', 'value')],
      rows: [{ figure: 'Retention rate (%)', value: r.retention_rate ?? '' }],
    },
    {
      name: 'Lost reasons',
      columns: [text('Reason', 'label'), number('Plans', 'count')],
      rows: r.lost_reasons.map((x) => ({ label: x.label, count: x.count })),
      totals: { label: 'Total', count: r.lost },
    },
  ];
}

export function bookTables(r: BookSummary): ReportTable[] {
  return [
    {
      name: 'Book summary',
      columns: [
        text('Service', 'service'),
        text('Provider', 'provider'),
        number('Plans', 'plans'),
        amount('Sum Assured', 'sum_assured'),
        amount('Annual Premium', 'annual_premium'),
        amount('Investment Amount', 'investment_amount'),
      ],
      rows: r.rows.map((x) => ({ service: x.service_name, provider: x.provider_name, ...x })),
      totals: { service: 'Total', provider: `${r.households} households`, ...r.totals },
    },
    {
      name: 'Top clients',
      columns: [
        text('Client', 'client'),
        text('Client Code', 'client_code'),
        number('Plans', 'plans'),
        amount('Annual Premium', 'annual_premium'),
      ],
      rows: r.top_clients.map((x) => ({ client: x.client_name, ...x })),
    },
  ];
}

export function claimsTables(r: ClaimsReport): ReportTable[] {
  return [
    {
      name: 'Claims summary',
      columns: [
        text('Status', 'label'),
        number('Claims', 'claims'),
        amount('Claimed', 'claimed'),
        amount('Settled', 'settled'),
      ],
      rows: r.by_status.map((x) => ({ ...x })),
      totals: { label: 'Total', ...r.totals },
    },
  ];
}
