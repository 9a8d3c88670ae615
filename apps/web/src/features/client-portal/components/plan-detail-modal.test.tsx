import { type InsurancePlanItem, PlanDetailSchema } from '@portal/contract';
import { makePremiumDues } from '@portal/contract/factories';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import { insurance, myPlans, stubApi } from './fixtures.test-kit.ts';
import { PlansBrowser } from './plans-browser.tsx';

const NOW = new Date('2026-11-21T06:00:00Z');

const withDocument = insurance({
  provider_name: 'Star Health',
  plan_name: 'Optima Secure',
  service_code: 'health',
  policy_number: 'SH-4411',
  premium_amount: '18250.00',
  end_date: '2027-03-31',
  document_available: true,
});
const withoutDocument = insurance({
  provider_name: 'LIC',
  plan_name: 'Jeevan Anand',
  service_code: 'life',
  policy_number: '918273645',
  document_available: false,
});

const detailOf = (plan: InsurancePlanItem, extra: object) =>
  PlanDetailSchema.parse({
    ...plan,
    nominee: null,
    subtype_fields: {},
    premium: makePremiumDues(),
    premium_payments: [],
    ...extra,
  });

const healthDetail = detailOf(withDocument, {
  nominee: {
    full_name: 'Priya Sharma',
    relation: 'Spouse',
    dob: '1988-04-12',
    phone_number: '9876501234',
    email: null,
  },
  subtype_fields: { cover_type: 'Family Floater', sum_assured: '500000.00', plan_name: 'Optima Secure' },
});
const lifeDetail = detailOf(withoutDocument, {
  subtype_fields: { sum_assured: '1000000.00', mode: 'Yearly' },
});

function show() {
  const router = createMemoryRouter([
    { path: '*', element: <PlansBrowser plans={myPlans([withDocument, withoutDocument], [])} now={NOW} /> },
  ]);
  renderWithQuery(<RouterProvider router={router} />);
}

const details = (id: string) => new RegExp(`/client/plans/${id}/details$`);

describe('Plan detail modal on My Plans (spec §2)', () => {
  beforeEach(() => localStorage.setItem('token', tokenFor(['AC'])));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('opens from a card with the plan fields, the nominee and Download, and closes on Escape', async () => {
    stubApi([[details(withDocument.policy_id), { body: healthDetail }]]);
    show();
    // The card's main link to the full details page stays.
    expect(screen.getByRole('link', { name: /Star Health/ })).toHaveAttribute(
      'href',
      `/agency-client/dashboard/plans/${withDocument.policy_id}`,
    );
    const quickView = screen.getByRole('button', { name: 'Quick view Star Health SH-4411' });
    fireEvent.click(quickView);

    const dialog = await screen.findByRole('dialog', { name: 'Star Health' });
    expect(within(dialog).getByRole('status', { name: 'Loading plan details' })).toBeInTheDocument();
    const info = await within(dialog).findByRole('region', { name: 'Plan Information' });
    expect(within(info).getByText('Family Floater')).toBeInTheDocument();
    expect(within(info).getByText('₹5,00,000.00')).toBeInTheDocument();
    expect(within(info).getByText('₹18,250.00')).toBeInTheDocument();
    expect(within(info).getByText('31 Mar 2027')).toBeInTheDocument();
    const nominee = within(dialog).getByRole('region', { name: 'Nominee Details' });
    expect(within(nominee).getByText('Priya Sharma')).toBeInTheDocument();
    expect(within(nominee).getByText('Spouse')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Full details' })).toHaveAttribute(
      'href',
      `/agency-client/dashboard/plans/${withDocument.policy_id}`,
    );

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(quickView).toHaveFocus());
  });

  it('shows a motor policy’s vehicle, cover type, IDV and NCB in plain words (issue 24 item 8)', async () => {
    const motor = insurance({
      provider_name: 'ICICI Lombard',
      plan_name: 'Motor Insurance',
      service_code: 'motor',
      policy_number: 'MOT-77',
    });
    stubApi([
      [
        details(motor.policy_id),
        {
          body: detailOf(motor, {
            subtype_fields: {
              vehicle_make: 'Maruti Suzuki',
              vehicle_model: 'Swift VXi',
              rc_number: 'MH12AB1234',
              policy_type: 'third_party',
              idv: '450000.00',
              ncb_percent: 25,
              term: 1,
            },
          }),
        },
      ],
    ]);
    const router = createMemoryRouter([
      { path: '*', element: <PlansBrowser plans={myPlans([motor], [])} now={NOW} /> },
    ]);
    renderWithQuery(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: 'Quick view ICICI Lombard MOT-77' }));
    const dialog = await screen.findByRole('dialog', { name: 'ICICI Lombard' });
    const info = await within(dialog).findByRole('region', { name: 'Plan Information' });
    const shown = (label: string) => within(info).getByText(label).nextElementSibling?.textContent;
    expect(shown('Vehicle Make')).toBe('Maruti Suzuki');
    expect(shown('Vehicle Model')).toBe('Swift VXi');
    expect(shown('Registration (RC) Number')).toBe('MH12AB1234');
    expect(shown('Policy Type')).toBe('Third Party');
    expect(shown('IDV (Insured Declared Value)')).toBe('₹4,50,000.00');
    expect(shown('No Claim Bonus (NCB)')).toBe('25%');
  });

  it('has no Download when the document is not available, and says No Nominee Details', async () => {
    stubApi([[details(withoutDocument.policy_id), { body: lifeDetail }]]);
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Quick view LIC 918273645' }));
    const dialog = await screen.findByRole('dialog', { name: 'LIC' });
    const info = await within(dialog).findByRole('region', { name: 'Plan Information' });
    expect(within(info).getByText('₹10,00,000.00')).toBeInTheDocument();
    expect(within(info).getByText('Date of Maturity')).toBeInTheDocument();
    expect(within(dialog).getByText('No Nominee Details')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('shows Error Loading Details with the detail, and loads again on Retry', async () => {
    let failing = true;
    stubApi([
      [
        details(withDocument.policy_id),
        () =>
          failing
            ? { status: 500, body: { message: 'Something went wrong.', detail: 'Plan store unavailable' } }
            : { body: healthDetail },
      ],
    ]);
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Quick view Star Health SH-4411' }));
    const dialog = await screen.findByRole('dialog', { name: 'Star Health' });
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error Loading Details' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Plan store unavailable');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('region', { name: 'Nominee Details' })).toBeInTheDocument();
  });
});
