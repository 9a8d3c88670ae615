import { CreatePrimaryClientWithPlansSchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyPlanDraft,
  planErrorsFromServer,
  unchangedErrors,
} from '../../features/plans/components/plan-draft.ts';
import {
  buildRequest,
  clientFormTouched,
  emptyClientForm,
  stepOfField,
  validateClient,
} from './add-client-values.ts';

// The Add Primary Client form as one request: which PDF belongs to which plan, which step an error is on.

const PROVIDER = '00000000-0000-4000-8000-000000000101';
const pdf = (name: string) => new File([`%PDF-1.4 ${'x'.repeat(200)}`], name, { type: 'application/pdf' });

function filledForm() {
  const form = emptyClientForm();
  form.values = { ...form.values, first_name: 'Meera', email: 'meera@example.in', pan_number: 'abcde 1234f' };
  const life = {
    ...emptyPlanDraft('life'),
    provider_id: PROVIDER,
    policy_number: 'LIC-1',
    money: '24,500',
    start_date: '2025-04-01',
    end_date: '2045-03-31',
    fields: { plan_name: 'Jeevan Labh', sum_assured: '1500000', mode: 'Yearly', term: '20', ppt: '16' },
    file: pdf('life.pdf'),
  };
  const motor = {
    ...emptyPlanDraft('motor'),
    provider_id: PROVIDER,
    policy_number: 'MOT-1',
    money: '8000',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
    fields: { rc_number: 'MH12AB1234', term: '1' },
  };
  const mf = {
    ...emptyPlanDraft('mutual_funds'),
    provider_id: PROVIDER,
    policy_number: 'MF-1',
    money: '250000',
    start_date: '2024-01-15',
    end_date: '2034-01-15',
    fields: { folio_number: 'F-1', fund: 'HDFC MF', scheme: 'Balanced Advantage' },
    file: pdf('mf.pdf'),
  };
  form.services = ['life', 'motor', 'mutual_funds'];
  form.plans = [life, motor, mf];
  return form;
}

describe('buildRequest', () => {
  it('sends only the plans’ PDFs, each plan naming its own by file_index, and the contract accepts it', () => {
    const { payload, files, fileIndexOfPlan } = buildRequest(filledForm());
    expect(files.map((f) => f.name)).toEqual(['life.pdf', 'mf.pdf']);
    expect(fileIndexOfPlan).toEqual([0, null, 1]);
    const parsed = CreatePrimaryClientWithPlansSchema.parse(payload);
    expect(parsed.pan_number).toBe('ABCDE1234F');
    expect(parsed.plans?.map((p) => [p.service_code, p.file_index, p.money])).toEqual([
      ['life', 0, '24500.00'],
      ['motor', null, '8000.00'],
      ['mutual_funds', 1, '250000.00'],
    ]);
    expect(parsed.portal_access).toEqual({ enabled: false, initial_password: null });
  });

  it('leaves plans out when the client holds none yet', () => {
    const form = filledForm();
    form.plans = [];
    expect(buildRequest(form).payload).not.toHaveProperty('plans');
  });
});

describe('validateClient', () => {
  it('asks for portal sign-in details only when portal access is on', () => {
    const form = filledForm();
    form.values.email = '';
    expect(validateClient(form)).toEqual({});
    form.portalEnabled = true;
    expect(validateClient(form)).toEqual({
      email: 'Email is required for portal access.',
      'portal_access.initial_password': 'Initial Password is required for portal access.',
    });
    form.values.email = 'meera@example.in';
    form.initialPassword = 'short';
    expect(validateClient(form)['portal_access.initial_password']).toBe(
      'Min 8 chars, 1 uppercase, 1 lowercase, 1 number, 1 special char.',
    );
  });

  it('refuses a photo that is not an image', () => {
    const form = filledForm();
    form.avatar = pdf('me.pdf');
    expect(validateClient(form).avatar).toBe('Photo must be a PNG, JPEG or WebP image.');
  });
});

describe('the API’s field errors', () => {
  it('land on their step and their plan, and go once the value is changed', () => {
    expect(stepOfField('first_name')).toBe('personal');
    expect(stepOfField('pincode')).toBe('contact');
    expect(stepOfField('pan_number')).toBe('identity');
    expect(stepOfField('portal_access.initial_password')).toBe('identity');
    expect(stepOfField('avatar')).toBe('identity');
    expect(stepOfField('plans.2.provider_id')).toBe('plans');
    expect(stepOfField('planFiles.1')).toBe('plans');

    const fields = {
      'plans.2.provider_id': 'Provider Id does not name a provider company of your agency.',
      'planFiles.0': 'Plan File 1 must be a PDF file.',
    };
    expect(planErrorsFromServer(fields, 2, 1)).toEqual({
      provider_id: 'Provider Id does not name a provider company of your agency.',
    });
    expect(planErrorsFromServer(fields, 0, 0)).toEqual({ file: 'Plan File 1 must be a PDF file.' });

    const form = filledForm();
    const request = (f: typeof form) => {
      const built = buildRequest(f);
      return { ...built.payload, planFiles: built.files };
    };
    const sent = request(form);
    expect(unchangedErrors(fields, sent, request(form))).toEqual(fields);
    form.plans[2] = { ...form.plans[2]!, provider_id: '00000000-0000-4000-8000-000000000202' };
    form.plans[0] = { ...form.plans[0]!, file: pdf('other.pdf') };
    expect(unchangedErrors(fields, sent, request(form))).toEqual({});
  });

  it('a form counts as started once anything is typed or chosen', () => {
    const form = emptyClientForm();
    expect(clientFormTouched(form)).toBe(false);
    form.values.first_name = 'M';
    expect(clientFormTouched(form)).toBe(true);
  });
});

describe('PAN only with investments (issue 24 item 7)', () => {
  it('lets an insurance-only client leave the PAN blank, and asks for it once an investment is chosen', () => {
    const form = filledForm();
    form.values = { ...form.values, pan_number: '' };
    form.services = ['life', 'motor'];
    form.plans = form.plans.slice(0, 2);
    expect(validateClient(form).pan_number).toBeUndefined();
    expect(CreatePrimaryClientWithPlansSchema.safeParse(buildRequest(form).payload).success).toBe(true);

    form.services = ['life', 'motor', 'mutual_funds'];
    expect(validateClient(form).pan_number).toBe(
      'PAN Number is required for a client who holds an investment (mutual funds, NPS or post office), for KYC.',
    );
    expect(stepOfField('pan_number')).toBe('identity');
  });
});
