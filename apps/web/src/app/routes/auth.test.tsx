import { type Branding, BrandingSchema } from '@portal/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brandingLoader } from '../../features/auth/api/get-branding.ts';
import { AuthScreen } from './auth.tsx';

// The sign-in page at an agency's address and at the bare one (issue 24 item 4): the routes' loader asks the API
// which address this is, as the router does (app/router.tsx).

const LOGO = '/api/branding/logo?v=0123456789abcdef';

let calls: string[];

function answerBranding(answer: Branding | { status: number }) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      if ('status' in answer) return new Response('{"message":"Server error."}', { status: answer.status });
      return new Response(JSON.stringify(BrandingSchema.parse(answer)), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function renderAuth(path = '/') {
  const router = createMemoryRouter(
    ['/', '/login', '/register'].map((p) => ({
      path: p,
      loader: brandingLoader,
      Component: AuthScreen,
      HydrateFallback: () => null,
    })),
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the sign-in page', () => {
  it("is the agency's at its address: its name and logo, no 'Agency Portal', no sign-up", async () => {
    answerBranding({ address: 'agency', agency: { name: 'Verma Insurance', logo_url: LOGO } });
    renderAuth();
    expect(await screen.findByText('Sign in to the Verma Insurance portal.')).toBeInTheDocument();
    expect(calls).toEqual(['/api/branding']);
    expect(screen.getByText('Verma Insurance')).toBeInTheDocument();
    const logo = document.querySelector(`img[src="${LOGO}"]`);
    expect(logo).not.toBeNull();
    // Its box is sized before the image arrives, so the page does not move when it does.
    expect(logo!.parentElement!.className).toMatch(/\bsize-12\b/);
    expect(screen.queryByText('Agency Portal')).not.toBeInTheDocument();
    expect(screen.queryByText(/New agency\?/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();
    // The spec's strings of the form and the footer stay.
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText('Your data is protected by 256-bit SSL encryption')).toBeInTheDocument();
    // The title is set by an effect after the page is drawn.
    await waitFor(() => expect(document.title).toBe('Sign in · Verma Insurance'));
  });

  it("shows the agency's initial where it has no logo", async () => {
    answerBranding({ address: 'agency', agency: { name: 'verma Insurance', logo_url: null } });
    renderAuth('/login');
    expect(await screen.findByText('verma Insurance')).toBeInTheDocument();
    expect(screen.getByText('V')).toBeInTheDocument();
    expect(document.querySelector('img[src^="/api/branding"]')).toBeNull();
  });

  it('is the generic portal with sign-up at the bare address', async () => {
    answerBranding({ address: 'platform', agency: null });
    renderAuth();
    expect(await screen.findByText('Agency Portal')).toBeInTheDocument();
    expect(screen.getByText('Sign in to your agency or client portal.')).toBeInTheDocument();
    expect(screen.getByText('Secure client data management')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign in · Agency Portal'));
  });

  it('offers no sign-up at an agency address that may not show its brand', async () => {
    answerBranding({ address: 'agency', agency: null });
    renderAuth();
    expect(await screen.findByText('Agency Portal')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('is the generic portal when the brand cannot be had', async () => {
    answerBranding({ status: 503 });
    renderAuth();
    expect(await screen.findByText('Agency Portal')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
  });
});
