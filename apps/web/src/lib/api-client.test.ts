import {
  apiPaths,
  ErrorResponseSchema,
  LoginResponseSchema,
  MeResponseSchema,
  MSG,
  SESSION_DEACTIVATED_DETAIL,
  SESSION_EXPIRED_REASON,
  SESSION_SIGNED_OUT_DETAIL,
  TENANT_HOST_HEADER,
  TOKEN_STORAGE_KEY,
} from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { ApiError, apiCall } from './api-client.ts';
import { notify } from './toast.ts';

vi.mock('./toast.ts', () => ({ notify: vi.fn() }));

// Every answer below is checked by the contract's schemas before it is served (conventions, Tests).
const errorBody = (message: string, detail: string, fields?: Record<string, string>) =>
  ErrorResponseSchema.parse({ message, detail, ...(fields ? { fields } : {}) });

const loginBody = LoginResponseSchema.parse({
  status: 'success',
  message: 'Login Successful!',
  data: { token: 'header.payload.signature', agency_name: 'Verma Insurance', must_change_password: false },
});

const meBody = MeResponseSchema.parse({
  user_id: '0b0e7c52-4a57-4d57-9d0f-6b8f1c2a3d4e',
  email: 'owner@example.in',
  full_name: 'Asha Verma',
  roles: ['AO'],
  agency_id: '5f1d7f0a-2b7e-4a55-8f2a-0c7e3b9d1a22',
  agency_name: 'Verma Insurance',
  agency_slug: 'vermainsurance',
  is_verified: true,
  must_change_password: false,
});

const SESSION_EXPIRED_URL = `/session-expired?reason=${encodeURIComponent(SESSION_EXPIRED_REASON)}`;

let fetchMock: Mock<typeof fetch>;
let assign: Mock<(url: string | URL) => void>;

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

function sentHeaders(): Record<string, string> {
  const init = fetchMock.mock.calls[0]?.[1];
  return (init?.headers ?? {}) as Record<string, string>;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  // happy-dom would try to load the page; the client only has to ask for it.
  assign = vi.fn();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  vi.mocked(notify).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('apiCall requests (spec §7)', () => {
  it('sends the stored token as a bearer header', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored.jwt.token');
    answer(200, meBody);
    await expect(apiCall('me')).resolves.toEqual(meBody);
    expect(fetchMock).toHaveBeenCalledWith(apiPaths.me.path, expect.objectContaining({ method: 'GET' }));
    expect(sentHeaders().authorization).toBe('Bearer stored.jwt.token');
  });

  it('sends no authorization header without a stored token', async () => {
    answer(200, meBody);
    await apiCall('me');
    expect(sentHeaders()).not.toHaveProperty('authorization');
  });

  it("sends the page's host as the tenant host on sign-in, with the JSON body", async () => {
    answer(200, loginBody);
    const result = await apiCall('login', { body: { email: 'owner@example.in', password: 'Kavach#2026x' } });
    expect(result).toEqual(loginBody);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(fetchMock.mock.calls[0]?.[0]).toBe(apiPaths.login.path);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'owner@example.in', password: 'Kavach#2026x' });
    expect(window.location.host).not.toBe('');
    expect(sentHeaders()[TENANT_HOST_HEADER]).toBe(window.location.host);
    expect(sentHeaders()['content-type']).toBe('application/json');
  });

  it('sends no tenant host header on other calls', async () => {
    answer(200, meBody);
    await apiCall('me');
    expect(sentHeaders()).not.toHaveProperty(TENANT_HOST_HEADER);
  });
});

describe('the 401/403 rule (spec §4, §8)', () => {
  it.each([401, 403])(
    'a %i from me ends the session and goes to the session-expired screen',
    async (status) => {
      localStorage.setItem(TOKEN_STORAGE_KEY, 'stored.jwt.token');
      sessionStorage.setItem('draft', 'kept until the session ends');
      answer(status, errorBody('Authentication required.', 'Authentication required.'));

      const err = await failure(apiCall('me'));
      expect(err.status).toBe(status);
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
      expect(sessionStorage.length).toBe(0);
      expect(assign).toHaveBeenCalledExactlyOnceWith(SESSION_EXPIRED_URL);
      expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Session expired. Please login again.');
    },
  );

  it('says why when the 401 knows: signed out elsewhere, or deactivated (issue 24 item 3)', async () => {
    for (const detail of [SESSION_SIGNED_OUT_DETAIL, SESSION_DEACTIVATED_DETAIL]) {
      assign.mockClear();
      localStorage.setItem(TOKEN_STORAGE_KEY, 'stored.jwt.token');
      answer(401, errorBody(SESSION_EXPIRED_REASON, detail));
      await failure(apiCall('me'));
      expect(assign).toHaveBeenCalledExactlyOnceWith(`/session-expired?reason=${encodeURIComponent(detail)}`);
    }
    // A detail that is not one of the portal's reasons never reaches the screen.
    assign.mockClear();
    answer(401, errorBody(SESSION_EXPIRED_REASON, 'Anything at all'));
    await failure(apiCall('me'));
    expect(assign).toHaveBeenCalledExactlyOnceWith(SESSION_EXPIRED_URL);
  });

  it('a 403 asking for a new password goes to /change-password and keeps the session (issue 24 item 3)', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored.jwt.token');
    answer(403, errorBody(MSG.passwordChangeRequired, MSG.passwordChangeRequired));
    await failure(apiCall('me'));
    expect(assign).toHaveBeenCalledExactlyOnceWith('/change-password');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('stored.jwt.token');
    expect(notify).not.toHaveBeenCalledWith('error', MSG.sessionExpiredToast);
  });

  it.each(['login', 'registerAgency'] as const)(
    'a 401 from %s keeps the token and the page',
    async (name) => {
      localStorage.setItem(TOKEN_STORAGE_KEY, 'stored.jwt.token');
      answer(401, errorBody('Invalid email or password.', 'Invalid email or password.'));

      const err = await failure(apiCall(name, { quiet: true }));
      expect(err.status).toBe(401);
      expect(err.message).toBe('Invalid email or password.');
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('stored.jwt.token');
      expect(assign).not.toHaveBeenCalled();
      expect(notify).not.toHaveBeenCalledWith('error', MSG.sessionExpiredToast);
    },
  );
});

describe('error answers (spec §8)', () => {
  it('turns a 400 into an ApiError with status, message, detail and fields, and toasts the message', async () => {
    answer(
      400,
      errorBody('Agency Email: Invalid email format.', 'Invalid email format.', {
        AgencyEmail: 'Invalid email format.',
      }),
    );
    const err = await failure(apiCall('me'));
    expect(err).toMatchObject({
      status: 400,
      message: 'Agency Email: Invalid email format.',
      detail: 'Invalid email format.',
      fields: { AgencyEmail: 'Invalid email format.' },
    });
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Agency Email: Invalid email format.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('leaves the toast to the caller when quiet', async () => {
    answer(400, errorBody('Bad request.', 'Bad request.'));
    await failure(apiCall('login', { body: { email: 'a@b.in', password: 'x' }, quiet: true }));
    expect(notify).not.toHaveBeenCalled();
  });

  it('falls back to the generic message when the answer is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const err = await failure(apiCall('me'));
    expect(err).toMatchObject({ status: 502, message: MSG.genericError, detail: null, fields: {} });
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Something went wrong. Please try again.');
  });

  it('reports a network failure as the generic message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const err = await failure(apiCall('me'));
    expect(err.status).toBe(0);
    expect(err.message).toBe('Something went wrong. Please try again.');
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Something went wrong. Please try again.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('passes an abort on untouched and silent', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(apiCall('me')).rejects.toMatchObject({ name: 'AbortError' });
    expect(notify).not.toHaveBeenCalled();
  });
});
