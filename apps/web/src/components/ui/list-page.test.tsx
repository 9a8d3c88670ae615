import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListPage, type ListPageProps, listStatus, useListSearch } from './list-page.tsx';

// The list frame of Registered Users, the family view and Manage Clients: one search box, the list's states
// and one pager.

type Query = ListPageProps['query'];
const query = (state: Partial<Query> = {}): Query => ({
  isPending: false,
  isPlaceholderData: false,
  isError: false,
  isFetching: false,
  refetch: vi.fn(),
  ...state,
});

function Frame(props: Partial<ListPageProps>) {
  const [text, setText] = useState('');
  return (
    <ListPage
      heading={<h1>Clients</h1>}
      search={{ label: 'Search clients', placeholder: 'Search clients…', value: text, onChange: setText }}
      query={query()}
      loading={<p>Loading clients…</p>}
      error="Failed to load clients data."
      isEmpty={false}
      empty={<p>No results found.</p>}
      pager={{ page: 1, pages: 3, onPage: vi.fn() }}
      {...props}
    >
      <ul aria-label="Clients">
        <li>Asha Verma</li>
      </ul>
    </ListPage>
  );
}

afterEach(() => vi.useRealTimers());

describe('ListPage', () => {
  it('shows the heading, a named search box and the list with its pager', async () => {
    const onPage = vi.fn();
    render(<Frame pager={{ page: 2, pages: 3, onPage }} />);
    expect(screen.getByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Search clients' });
    expect(box).toHaveAttribute('placeholder', 'Search clients…');
    await userEvent.type(box, 'asha');
    expect(box).toHaveValue('asha');
    expect(screen.getByRole('list', { name: 'Clients' })).toHaveTextContent('Asha Verma');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Prev' }));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
  });

  it('shows the loading state while a page comes, with the pager held', () => {
    render(<Frame query={query({ isPending: true })} />);
    expect(screen.getByText('Loading clients…')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Clients' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says a failed load and asks again on Retry', async () => {
    const failed = query({ isError: true });
    render(<Frame query={failed} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load clients data.');
    expect(screen.queryByRole('list', { name: 'Clients' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('says what to do when the page holds nothing, in a card of its own for a list of cards', () => {
    const { container } = render(<Frame isEmpty emptyIcon={Users} layout="cards" />);
    const empty = screen.getByText('No results found.');
    expect(empty.closest('.rounded-xl')).not.toBeNull();
    expect(container.querySelector('svg.size-8')).not.toBeNull();
    expect(screen.queryByRole('list', { name: 'Clients' })).not.toBeInTheDocument();
  });
});

describe('listStatus', () => {
  it('is loading for the first load, another page (a placeholder) and a Retry; then failed or ready', () => {
    expect(listStatus(query({ isPending: true }))).toBe('loading');
    expect(listStatus(query({ isPlaceholderData: true }))).toBe('loading');
    expect(listStatus(query({ isError: true, isFetching: true }))).toBe('loading');
    expect(listStatus(query({ isError: true }))).toBe('error');
    expect(listStatus(query({ isFetching: true }))).toBe('ready');
  });
});

describe('useListSearch', () => {
  it('sends the search once typing pauses, trimmed, and goes back to page 1 when it changes', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useListSearch());
    act(() => result.current.setPage(3));
    act(() => result.current.setBox(' Meera'));
    act(() => vi.advanceTimersByTime(250));
    expect(result.current.searched).toBe('');
    expect(result.current.page).toBe(3);
    act(() => vi.advanceTimersByTime(50));
    expect(result.current.searched).toBe('Meera');
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(2));
    act(() => result.current.setBox('Meera '));
    act(() => vi.advanceTimersByTime(300));
    expect(result.current.page).toBe(2);
  });
});
