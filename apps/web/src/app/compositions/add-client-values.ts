import {
  type CreatePrimaryClientWithPlans,
  holdsInvestment,
  PAN_FOR_INVESTMENTS_MESSAGE,
  type PlanInput,
} from '@portal/contract';
import {
  avatarError,
  CLIENT_FIELDS,
  type ClientValues,
  emptyClientValues,
  newClientErrors,
} from '../../features/clients/components/client-details.ts';
import {
  type PlanDraft,
  planDraftToInput,
  validatePlanDraft,
} from '../../features/plans/components/plan-draft.ts';

// The Add Primary Client form's values, its steps and how it becomes one request (contract:
// CreatePrimaryClientWithPlansSchema; decisions 008): the client's own details as the clients feature's one
// client form holds them, and the plans as the plans feature drafts them. Every input is kept as text.

export interface ClientForm {
  values: ClientValues;
  portalEnabled: boolean;
  initialPassword: string;
  avatar: File | null;
  /** The services the client holds, in the order chosen. */
  services: string[];
  plans: PlanDraft[];
}

export const emptyClientForm = (): ClientForm => ({
  values: emptyClientValues(),
  portalEnabled: false,
  initialPassword: '',
  avatar: null,
  services: [],
  plans: [],
});

export const STEPS = [
  {
    key: 'personal',
    title: 'Personal details',
    short: 'Personal',
    fields: ['first_name', 'last_name', 'date_of_birth', 'gender', 'nationality', 'occupation'],
  },
  {
    key: 'contact',
    title: 'Contact and address',
    short: 'Contact',
    fields: [
      'email',
      'phone',
      'alternate_phone',
      'emergency_contact_name',
      'emergency_contact_phone',
      'house_number',
      'society',
      'locality',
      'city',
      'state',
      'pincode',
    ],
  },
  {
    key: 'identity',
    title: 'Identity and portal',
    short: 'Identity',
    fields: ['pan_number', 'aadhaar_number', 'avatar', 'email', 'portal_access.initial_password'],
  },
  { key: 'plans', title: 'Services and plans', short: 'Plans', fields: [] },
  { key: 'review', title: 'Review and add', short: 'Review', fields: [] },
] as const;
export type StepKey = (typeof STEPS)[number]['key'];

/** The client's own fields checked with the contract; errors keyed by the request's paths. */
export function validateClient(form: ClientForm): Record<string, string> {
  const errors = newClientErrors(form.values, {
    enabled: form.portalEnabled,
    initialPassword: form.initialPassword,
  });
  const photo = avatarError(form.avatar);
  if (photo) errors.avatar = photo;
  if (!errors.pan_number && needsPan(form) && form.values.pan_number.trim() === '') {
    errors.pan_number = PAN_FOR_INVESTMENTS_MESSAGE;
  }
  return errors;
}

/** Whether the client will hold an investment, so their PAN is required (KYC, issue 24 item 7). */
export const needsPan = (form: ClientForm): boolean =>
  holdsInvestment(form.services.map((service_code) => ({ service_code })));

/** Errors of each plan, in the order of `form.plans`. */
export function validatePlans(form: ClientForm): Record<string, string>[] {
  return form.plans.map((p) => validatePlanDraft(p));
}

export function clientPayload(form: ClientForm, plans: PlanInput[]) {
  const payload: CreatePrimaryClientWithPlans = {
    ...form.values,
    portal_access: {
      enabled: form.portalEnabled,
      initial_password: form.portalEnabled ? form.initialPassword : null,
    },
  };
  if (plans.length > 0) payload.plans = plans;
  return payload;
}

/** The request: plans with `file_index` for those with a PDF, the PDFs in that order. */
export function buildRequest(form: ClientForm) {
  const files: File[] = [];
  const fileIndexOfPlan: Array<number | null> = [];
  const plans = form.plans.map((draft) => {
    const index = draft.file ? files.push(draft.file) - 1 : null;
    fileIndexOfPlan.push(index);
    return planDraftToInput(draft, index);
  });
  return { payload: clientPayload(form, plans), files, fileIndexOfPlan };
}

/** The step a server field error belongs to. */
export function stepOfField(key: string): StepKey {
  if (key.startsWith('plans') || key.startsWith('planFiles')) return 'plans';
  for (const step of STEPS) if ((step.fields as readonly string[]).includes(key)) return step.key;
  if (key.startsWith('portal_access')) return 'identity';
  return 'personal';
}

export function clientFormTouched(form: ClientForm): boolean {
  return (
    CLIENT_FIELDS.some((f) => f !== 'nationality' && form.values[f].trim() !== '') ||
    form.values.nationality.trim() !== 'Indian' ||
    form.portalEnabled ||
    form.avatar !== null ||
    form.services.length > 0
  );
}
