import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../../test/jwt.ts';
import { profile, stubApi } from '../components/fixtures.test-kit.ts';
import { fetchProfile } from './client-portal.ts';

describe('the client profile call', () => {
  beforeEach(() => localStorage.setItem('token', tokenFor(['AC'])));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('answers the shell and the screen asking at the same moment with one request, and asks again later', async () => {
    const calls = stubApi([[/client\/profile$/, { body: profile() }]]);
    const [a, b] = await Promise.all([fetchProfile(), fetchProfile(new AbortController().signal)]);
    expect(a).toEqual(b);
    expect(calls.filter((url) => url.endsWith('/client/profile'))).toHaveLength(1);

    await fetchProfile();
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
    await expect(fetchProfile()).rejects.toThrow();
    status = 200;
    await expect(fetchProfile()).resolves.toEqual(profile());
  });
});
