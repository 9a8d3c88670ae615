import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import { profile, stubApi } from '../components/fixtures.test-kit.ts';
import { useProfile } from './get-profile.ts';

function Name({ label }: { label: string }) {
  const query = useProfile();
  if (query.isError)
    return <button type="button" onClick={() => void query.refetch()}>{`${label} retry`}</button>;
  return <p>{query.data ? `${label}: ${query.data.fullName}` : `${label}: loading`}</p>;
}

describe('the client profile call', () => {
  beforeEach(() => localStorage.setItem('token', tokenFor(['AC'])));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('answers the shell and the screen asking at the same moment with one request, and asks again later', async () => {
    const calls = stubApi([[/client\/profile$/, { body: profile() }]]);
    const { client } = renderWithQuery(
      <>
        <Name label="shell" />
        <Name label="screen" />
      </>,
    );
    expect(await screen.findByText('shell: Priya Sharma')).toBeInTheDocument();
    expect(screen.getByText('screen: Priya Sharma')).toBeInTheDocument();
    expect(calls.filter((url) => url.endsWith('/client/profile'))).toHaveLength(1);

    await client.refetchQueries();
    expect(calls.filter((url) => url.endsWith('/client/profile'))).toHaveLength(2);
  });

  it('lets a caller ask again after a failed request', async () => {
    let status = 500;
    stubApi([
      [
        /client\/profile$/,
        () => (status === 200 ? { body: profile() } : { status, body: { message: 'Something went wrong.' } }),
      ],
    ]);
    renderWithQuery(<Name label="shell" />);
    const retry = await screen.findByRole('button', { name: 'shell retry' });
    status = 200;
    retry.click();
    await waitFor(() => expect(screen.getByText('shell: Priya Sharma')).toBeInTheDocument());
  });
});
