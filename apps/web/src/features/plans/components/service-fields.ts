import type { PlanServiceCode } from '@portal/contract';

// The subtype_fields of spec §3 for each service, as inputs. Labels are the contract's (its messages
// name the field the same way); `options` are suggestions shown as a select, keeping any stored value.

export type SubtypeInputKind = 'text' | 'money' | 'years' | 'days' | 'percent' | 'digits' | 'select';

export interface SubtypeInput {
  name: string;
  label: string;
  kind: SubtypeInputKind;
  hint?: string;
  placeholder?: string;
  options?: readonly string[];
}

const term: SubtypeInput = { name: 'term', label: 'Term', kind: 'years', hint: 'In years.' };

export const PREMIUM_MODES = ['Yearly', 'Half-yearly', 'Quarterly', 'Monthly', 'Single premium'] as const;
export const COVER_TYPES = ['Individual', 'Family Floater', 'Senior Citizen', 'Critical Illness', 'Top-up'];
export const TRIP_TYPES = ['Single trip', 'Multi-trip (annual)', 'Student travel'];
export const RELATIONSHIPS = [
  'Self',
  'Spouse',
  'Son',
  'Daughter',
  'Father',
  'Mother',
  'Brother',
  'Sister',
  'Father-in-law',
  'Mother-in-law',
  'Grandfather',
  'Grandmother',
  'Other',
];

export const SERVICE_FIELDS: Record<PlanServiceCode, SubtypeInput[]> = {
  life: [
    { name: 'plan_name', label: 'Plan Name', kind: 'text', placeholder: 'Jeevan Anand' },
    { name: 'sum_assured', label: 'Sum Assured', kind: 'money' },
    {
      name: 'mode',
      label: 'Mode',
      kind: 'select',
      options: PREMIUM_MODES,
      hint: 'How often the premium is paid.',
    },
    term,
    { name: 'ppt', label: 'PPT', kind: 'years', hint: 'Premium paying term, in years.' },
  ],
  health: [
    { name: 'plan_name', label: 'Plan Name', kind: 'text', placeholder: 'Optima Secure' },
    { name: 'cover_type', label: 'Cover Type', kind: 'select', options: COVER_TYPES },
    { name: 'sum_assured', label: 'Sum Assured', kind: 'money' },
    term,
  ],
  motor: [
    {
      name: 'rc_number',
      label: 'RC Number',
      kind: 'text',
      placeholder: 'MH12AB1234',
      hint: 'The vehicle registration number.',
    },
    term,
  ],
  travel: [
    { name: 'insurance_company_name', label: 'Insurance Company Name', kind: 'text' },
    { name: 'trip_type', label: 'Trip Type', kind: 'select', options: TRIP_TYPES },
    { name: 'destination', label: 'Destination', kind: 'text', placeholder: 'Singapore' },
    { name: 'duration', label: 'Duration', kind: 'days', hint: 'In days.' },
    term,
  ],
  home: [{ name: 'insurance_company_name', label: 'Insurance Company Name', kind: 'text' }, term],
  mutual_funds: [
    { name: 'folio_number', label: 'Folio Number', kind: 'text' },
    { name: 'fund', label: 'Fund', kind: 'text', placeholder: 'HDFC Mutual Fund' },
    { name: 'scheme', label: 'Scheme', kind: 'text', placeholder: 'HDFC Flexi Cap Fund - Direct Growth' },
  ],
  nps: [
    { name: 'pran', label: 'PRAN', kind: 'digits', hint: 'Permanent Retirement Account Number, 12 digits.' },
  ],
  postoffice: [
    {
      name: 'account_number',
      label: 'Account Number',
      kind: 'text',
      hint: 'The post office account number.',
    },
    {
      name: 'scheme_name',
      label: 'Scheme Name',
      kind: 'text',
      placeholder: 'Monthly Income Scheme',
    },
    term,
    { name: 'roi', label: 'ROI', kind: 'percent', hint: 'Rate of interest, % a year.' },
  ],
};
