import { IMPORT_MESSAGES } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import {
  catchDownloads,
  fakeApi,
  importJob,
  JOB_ID,
  jobAnswer,
  json,
  listAnswer,
} from './fixtures.test-kit.ts';
import { ImportStart } from './import-start.tsx';

// The start of an import (issue 26 item 1): the upload by button or by dropping a file, refused before sending
// when too large or not a spreadsheet; the template's downloads; the earlier imports with their status.

function JobPage() {
  return <p data-testid="job-page">{useParams().id}</p>;
}

function renderStart() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/import', element: <ImportStart /> },
      { path: '/dashboard/import/:id', element: <JobPage /> },
    ],
    { initialEntries: ['/dashboard/import'] },
  );
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

const xlsx = (name = 'sharma-book.xlsx', size?: number) => {
  const file = new File(['PK'], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

beforeEach(() => {
  localStorage.setItem('token', tokenFor(['AO']));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the import start', () => {
  it('lists the earlier imports with their status and what each did, each opening its page', async () => {
    fakeApi({
      'GET /api/imports': () =>
        listAnswer([
          importJob({
            status: 'done',
            committed_at: '2026-11-21T09:40:00.000Z',
            finished_at: '2026-11-21T09:41:00.000Z',
          }),
          importJob({
            id: '00000000-0000-4000-8000-000000000262',
            file_name: 'insurer-download.csv',
            status: 'running',
            progress: { done: 40, total: 1200 },
          }),
          importJob({
            id: '00000000-0000-4000-8000-000000000263',
            file_name: 'old-tool.xlsx',
            status: 'cancelled',
          }),
        ]),
    });
    renderStart();
    expect(screen.getByRole('status', { name: 'Loading your imports' })).toBeInTheDocument();
    const done = (await screen.findByText('sharma-book.xlsx')).closest('a')!;
    expect(done).toHaveAttribute('href', `/dashboard/import/${JOB_ID}`);
    expect(done).toHaveTextContent('Done');
    expect(done).toHaveTextContent('21 Nov 2026, 3:00 pm · Asha Verma');
    expect(done).toHaveTextContent('120 rows · 30 new clients · 100 new plans · 3 errors');
    const running = screen.getByText('insurer-download.csv').closest('a')!;
    expect(running).toHaveTextContent('Importing');
    expect(running).toHaveTextContent('40 of 1,200 rows imported');
    const cancelled = screen.getByText('old-tool.xlsx').closest('a')!;
    expect(cancelled).toHaveTextContent('Cancelled');
    expect(cancelled).toHaveTextContent('Cancelled before anything was written');
  });

  it('says when there is no import yet, and shows a failed load with Retry', async () => {
    let fail = true;
    fakeApi({
      'GET /api/imports': () => (fail ? json(500, { message: 'Something went wrong.' }) : listAnswer([])),
    });
    renderStart();
    expect(await screen.findByText('Could not load your imports.')).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No imports yet/)).toBeVisible();
  });

  it('refuses a file over 20 MB or of another type before sending anything', async () => {
    const api = fakeApi({ 'GET /api/imports': () => listAnswer([]) });
    renderStart();
    await userEvent.upload(
      screen.getByLabelText('Spreadsheet to import'),
      xlsx('big.xlsx', 20 * 1024 * 1024 + 1),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.tooLarge);
    fireEvent.drop(screen.getByTestId('import-drop-zone'), {
      dataTransfer: { files: [new File(['%PDF'], 'policy.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.wrongType);
    expect(api.of('POST', '/api/imports')).toEqual([]);
  });

  it('uploads the chosen file and opens its import', async () => {
    const api = fakeApi({
      'GET /api/imports': () => listAnswer([]),
      'POST /api/imports': () => jobAnswer(importJob({ status: 'checking' }), 201),
    });
    const router = renderStart();
    await userEvent.upload(screen.getByLabelText('Spreadsheet to import'), xlsx());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/import/${JOB_ID}`));
    const [sent] = api.of('POST', '/api/imports');
    expect((sent!.body as FormData).get('file')).toHaveProperty('name', 'sharma-book.xlsx');
    expect(sent!.headers.authorization).toMatch(/^Bearer /);
  });

  it('sends the three .csv files of a book chosen together, and refuses an .xlsx with others', async () => {
    const api = fakeApi({
      'GET /api/imports': () => listAnswer([]),
      'POST /api/imports': () => jobAnswer(importJob({ status: 'checking' }), 201),
    });
    const router = renderStart();
    const csv = (name: string) => new File(['Client Code\n'], name, { type: 'text/csv' });
    const input = screen.getByLabelText('Spreadsheet to import');
    await userEvent.upload(input, [csv('clients.csv'), xlsx()]);
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.xlsxAlone);
    await userEvent.upload(
      input,
      ['a', 'b', 'c', 'd'].map((n) => csv(`${n}.csv`)),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.tooManyFiles);
    expect(api.of('POST', '/api/imports')).toEqual([]);

    await userEvent.upload(input, [csv('clients.csv'), csv('family-members.csv'), csv('plans.csv')]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/import/${JOB_ID}`));
    const [sent] = api.of('POST', '/api/imports');
    expect((sent!.body as FormData).getAll('file').map((f) => (f as File).name)).toEqual([
      'clients.csv',
      'family-members.csv',
      'plans.csv',
    ]);
  });

  it('uploads a dropped file, and says why the API refused it', async () => {
    fakeApi({
      'GET /api/imports': () => listAnswer([]),
      'POST /api/imports': () =>
        json(400, {
          message: IMPORT_MESSAGES.tooManyRows,
          detail: IMPORT_MESSAGES.tooManyRows,
          fields: { file: IMPORT_MESSAGES.tooManyRows },
        }),
    });
    renderStart();
    const zone = screen.getByTestId('import-drop-zone');
    fireEvent.dragOver(zone, { dataTransfer: { files: [], dropEffect: 'none' } });
    fireEvent.drop(zone, { dataTransfer: { files: [xlsx('all-policies.xlsx')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.tooManyRows);
  });

  it('downloads the template as .xlsx and a sheet as .csv, under the API’s names', async () => {
    const saved = catchDownloads();
    const api = fakeApi({
      'GET /api/imports': () => listAnswer([]),
      'GET /api/imports/template.xlsx': () =>
        new Response(new Uint8Array([80, 75]), {
          headers: { 'content-disposition': 'attachment; filename="import-template.xlsx"' },
        }),
      'GET /api/imports/template.csv': (call) =>
        new Response('\uFEFFClient Code\n', {
          headers: {
            'content-disposition': `attachment; filename="import-template-${call.query.get('sheet')}.csv"`,
          },
        }),
    });
    renderStart();
    const card = screen.getByRole('region', { name: 'Start from the template' });
    await userEvent.click(within(card).getByRole('button', { name: 'Download template (.xlsx)' }));
    expect(await within(card).findByText('Saved import-template.xlsx.')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Family members' }));
    expect(await within(card).findByText('Saved import-template-family_members.csv.')).toBeVisible();
    expect(saved).toEqual(['import-template.xlsx', 'import-template-family_members.csv']);
    expect(api.of('GET', '/api/imports/template.xlsx')[0]!.headers.authorization).toMatch(/^Bearer /);
  });
});
