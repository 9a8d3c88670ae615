import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import { downloadName } from '../api/download-book.ts';
import { BookExport, formatBytes } from './book-export.tsx';

// Issue 26 item 7: the book's export streams with its progress shown, is saved under the API's name, and says
// why when it fails.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An answer whose body arrives in two parts, the second only when `release` is called. */
function streamed(parts: [Uint8Array, Uint8Array], headers: Record<string, string>) {
  let release = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(parts[0]);
      release = () => {
        controller.enqueue(parts[1]);
        controller.close();
      };
    },
  });
  return { response: new Response(body, { status: 200, headers }), release: () => release() };
}

describe('the book export on Registered Users', () => {
  let saved: Array<{ name: string; size: number }>;
  beforeEach(() => {
    localStorage.setItem('token', tokenFor(['AO']));
    saved = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:book', revokeObjectURL: () => undefined }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, size: 0 });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the bytes received while the book streams, then saves it under the API’s name', async () => {
    const answer = streamed([new Uint8Array(300 * 1024), new Uint8Array(2 * 1024 * 1024)], {
      'content-type': XLSX,
      'content-disposition': 'attachment; filename="demoagency-book-2026-11-27.xlsx"',
    });
    const fetchMock = vi.fn(async () => answer.response);
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(<BookExport />);
    fireEvent.click(screen.getByRole('button', { name: 'Download book (.xlsx)' }));
    expect(await screen.findByText('Downloading your book (.xlsx): 300 KB received')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    answer.release();
    expect(await screen.findByText('Saved demoagency-book-2026-11-27.xlsx.')).toBeInTheDocument();
    expect(saved.map((s) => s.name)).toEqual(['demoagency-book-2026-11-27.xlsx']);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/exports/book.xlsx');
    expect((init.headers as Record<string, string>).authorization).toMatch(/^Bearer /);
  });

  it('asks for one sheet as .csv', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('\uFEFFClient Code\n', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="demoagency-plans-2026-11-27.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(<BookExport />);
    fireEvent.click(screen.getByRole('button', { name: 'Plans' }));
    expect(await screen.findByText('Saved demoagency-plans-2026-11-27.csv.')).toBeInTheDocument();
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/exports/book.csv?sheet=plans');
  });

  it('says why a download failed and offers to try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'The service is busy.', detail: null }, { status: 503 })),
    );
    renderWithQuery(<BookExport />);
    fireEvent.click(screen.getByRole('button', { name: 'Download book (.xlsx)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The download of your book (.xlsx) failed: The service is busy.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('names sizes and files as people read them', () => {
    expect(formatBytes(200)).toBe('1 KB');
    expect(formatBytes(3.45 * 1024 * 1024)).toBe('3.5 MB');
    expect(downloadName(null, 'clients')).toBe('clients.csv');
    expect(downloadName('attachment; filename="a-book.xlsx"')).toBe('a-book.xlsx');
  });
});
