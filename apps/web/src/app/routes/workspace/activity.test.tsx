import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenFor } from '../../../test/jwt.ts';
import { OwnerOnly } from './activity.tsx';

// The activity log is the owner's alone (issue 25 item 4): its route's guard lets the owner through and sends
// staff to /unauthorized.

function open(roles: Parameters<typeof tokenFor>[0]) {
  localStorage.setItem('token', tokenFor(roles));
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/activity',
        element: <OwnerOnly />,
        children: [{ index: true, element: <p>The log</p> }],
      },
      { path: '/unauthorized', element: <p>Not yours</p> },
    ],
    { initialEntries: ['/dashboard/activity'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => localStorage.clear());

describe('the activity route', () => {
  it('shows the log to the owner', () => {
    open(['AO']);
    expect(screen.getByText('The log')).toBeInTheDocument();
  });

  it.each([['AA'], ['AG']] as const)('sends %s to /unauthorized', (role) => {
    const router = open([role]);
    expect(screen.getByText('Not yours')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });
});
