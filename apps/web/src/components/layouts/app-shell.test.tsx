import { NAV_DEBOUNCE_MS } from '@portal/contract';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Building2 } from 'lucide-react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell, type AppShellProps, ShellNavLink } from './app-shell.tsx';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const nav = (
  <>
    <ShellNavLink to="/area" end>
      Home
    </ShellNavLink>
    <ShellNavLink to="/area/one" icon={Building2}>
      One
    </ShellNavLink>
    <ShellNavLink to="/area/two">Two</ShellNavLink>
  </>
);

function renderShell(props: Partial<AppShellProps> = {}, at = '/area') {
  const router = createMemoryRouter(
    [
      {
        path: '/area',
        handle: { title: 'Area' },
        element: <AppShell brand="Test Agency" navLabel="Test nav" nav={nav} showTitle {...props} />,
        children: [
          { index: true, element: <Where /> },
          { path: 'one', handle: { title: 'Screen One' }, element: <Where /> },
          // No title of its own: the area's shows.
          { path: 'two', element: <Where /> },
          {
            path: 'deep',
            handle: { title: 'Deep' },
            children: [{ path: 'er', handle: {}, element: <Where /> }],
          },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('app shell', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.title = '';
  });

  it("titles the screen from the deepest matched route's handle, and the document too", async () => {
    const router = renderShell({}, '/area/one');
    expect(screen.getByRole('heading', { level: 1, name: 'Screen One' })).toBeInTheDocument();
    expect(document.title).toBe('Screen One · Agency Portal');

    await act(() => router.navigate('/area/two'));
    expect(screen.getByRole('heading', { level: 1, name: 'Area' })).toBeInTheDocument();
    expect(document.title).toBe('Area · Agency Portal');

    await act(() => router.navigate('/area/deep/er'));
    expect(screen.getByRole('heading', { level: 1, name: 'Deep' })).toBeInTheDocument();
  });

  it('shows the title only when asked, and the top bar, banner and content it is given', () => {
    render(
      <RouterProvider
        router={createMemoryRouter(
          [
            {
              path: '/',
              handle: { title: 'Hidden' },
              element: (
                <AppShell
                  brand="Admin Panel"
                  navLabel="Admin"
                  nav={null}
                  topBar={<span>Top bar piece</span>}
                  banner={<p>A banner</p>}
                >
                  <p>Own content</p>
                </AppShell>
              ),
            },
          ],
          { initialEntries: ['/'] },
        )}
      />,
    );
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(document.title).toBe('Hidden · Agency Portal');
    expect(screen.getByRole('banner')).toHaveTextContent('Top bar piece');
    expect(screen.getByText('A banner')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('Own content')).toBeInTheDocument();
    expect(screen.getByText('Admin Panel')).toBeInTheDocument();
  });

  it('marks the current link in the sidebar navigation', () => {
    renderShell({}, '/area/one');
    const sidebar = screen.getByRole('navigation', { name: 'Test nav' });
    expect(within(sidebar).getByRole('link', { name: 'One' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('opens the navigation as a drawer named "Menu" and closes it after a choice or with Close menu', async () => {
    renderShell();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open menu' })));
    let drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByText('Test Agency')).toBeInTheDocument();
    await act(async () => fireEvent.click(within(drawer).getByRole('link', { name: 'Two' })));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/area/two');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open menu' })));
    drawer = screen.getByRole('dialog', { name: 'Menu' });
    await act(async () => fireEvent.click(within(drawer).getByRole('button', { name: 'Close menu' })));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('ignores a second navigation click within the debounce window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    const router = renderShell();
    const sidebar = screen.getByRole('navigation', { name: 'Test nav' });
    const [one, two] = [
      within(sidebar).getByRole('link', { name: 'One' }),
      within(sidebar).getByRole('link', { name: 'Two' }),
    ];
    await act(async () => fireEvent.click(one));
    expect(router.state.location.pathname).toBe('/area/one');
    vi.setSystemTime(new Date(Date.now() + NAV_DEBOUNCE_MS - 50));
    await act(async () => fireEvent.click(two));
    expect(router.state.location.pathname).toBe('/area/one');
    vi.setSystemTime(new Date(Date.now() + 100));
    await act(async () => fireEvent.click(two));
    expect(router.state.location.pathname).toBe('/area/two');
  });

  it('follows every click when the area does not debounce its navigation', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    const router = renderShell({ debouncedNav: false });
    const sidebar = screen.getByRole('navigation', { name: 'Test nav' });
    await act(async () => fireEvent.click(within(sidebar).getByRole('link', { name: 'One' })));
    await act(async () => fireEvent.click(within(sidebar).getByRole('link', { name: 'Two' })));
    expect(router.state.location.pathname).toBe('/area/two');
  });
});
