import { AlertSchema } from '@portal/contract';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { AlertList } from './alert-list.tsx';

const PLAN = '00000000-0000-4000-8000-000000000301';
const CLAIM = '00000000-0000-4000-8000-000000000501';

describe('an alert’s Review', () => {
  it('opens the plan, or the claim for a claim’s step (issue 28), whose hint keeps the neutral colour', () => {
    const alerts = [
      AlertSchema.parse({
        alert_id: `claim:${CLAIM}`,
        alert_type: 'insurance',
        title: 'Claim approved',
        plan_name: 'Family Floater',
        alert_date: '2026-11-12',
        action_hint: 'Claim 123/ABC: approved, ₹45,000 (12 Nov 2026)',
        reference_id: PLAN,
      }),
      AlertSchema.parse({
        alert_id: `nominee:${PLAN}`,
        alert_type: 'other',
        title: 'Nominee missing',
        plan_name: 'Term Plan',
        alert_date: '2026-11-12',
        action_hint: 'No nominee on record: ask your agent to add one',
        reference_id: PLAN,
      }),
    ];
    const router = createMemoryRouter([{ path: '*', element: <AlertList alerts={alerts} /> }]);
    renderWithQuery(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: 'Review Family Floater' })).toHaveAttribute(
      'href',
      `/agency-client/dashboard/claims/${CLAIM}`,
    );
    expect(screen.getByRole('link', { name: 'Review Term Plan' })).toHaveAttribute(
      'href',
      `/agency-client/dashboard/plans/${PLAN}`,
    );
    expect(screen.getByText('Claim 123/ABC: approved, ₹45,000 (12 Nov 2026)')).toHaveAttribute(
      'data-tone',
      'neutral',
    );
  });
});
