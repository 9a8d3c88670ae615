import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../../app/toasts.tsx';
import { tokenFor } from '../../test/jwt.ts';
import { renderWithQuery } from '../../test/render.tsx';
import { StatementDownload, statementFileName } from './statement-download.tsx';

// Issue 29 item 2: the portfolio statement is downloaded from the client record and the client's dashboard,
// busy while it comes, saved under the API's name, and a failure says why in a toast.

const PDF_HEADERS = {
  'content-type': 'application/pdf',
  'content-disposition':
    'attachment; filename="portfolio-statement-______-____-2026-11-27.pdf"; filename*=UTF-8\'\'portfolio-statement-%E0%A4%B8%E0%A5%81%E0%A4%A8%E0%A5%80%E0%A4%A4%E0%A4%BE-2026-11-27.pdf',
};

describe('the portfolio statement download', () => {
  let saved: string[];
  beforeEach(() => {
    saved = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:statement', revokeObjectURL: () => undefined }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('asks the workspace route for the client’s household, busy until it is saved under the API’s name', async () => {
    localStorage.setItem('token', tokenFor(['AO']));
    let answer: (r: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(
      <StatementDownload source={{ area: 'workspace', clientId: '6f1c2d3e-0000-4000-8000-000000000001' }}>
        Download portfolio statement
      </StatementDownload>,
    );
    const button = screen.getByRole('button', { name: 'Download portfolio statement' });
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/reports/households/6f1c2d3e-0000-4000-8000-000000000001/statement.pdf');
    expect((init.headers as Record<string, string>).authorization).toMatch(/^Bearer /);
    answer(new Response(new Uint8Array([37, 80, 68, 70]), { status: 200, headers: PDF_HEADERS }));
    await waitFor(() => expect(saved).toEqual(['portfolio-statement-सुनीता-2026-11-27.pdf']));
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
  });

  it('asks the client area’s route for the signed-in client’s own, and shows why a download failed', async () => {
    localStorage.setItem('token', tokenFor(['AC']));
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'Portal access is turned off for this client.' }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(
      <>
        <Toasts />
        <StatementDownload source={{ area: 'client' }}>Download my portfolio statement</StatementDownload>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download my portfolio statement' }));
    expect(await screen.findByText(/^Download failed: /)).toBeInTheDocument();
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/agency-user/client/statement.pdf');
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download my portfolio statement' })).toBeEnabled();
  });

  it('reads the exact name first, then the plain one', () => {
    expect(statementFileName(PDF_HEADERS['content-disposition'])).toBe(
      'portfolio-statement-सुनीता-2026-11-27.pdf',
    );
    expect(statementFileName('attachment; filename="portfolio-statement-Ramesh-Kumar-2026-11-27.pdf"')).toBe(
      'portfolio-statement-Ramesh-Kumar-2026-11-27.pdf',
    );
    expect(statementFileName(null)).toBe('portfolio-statement.pdf');
  });
});
