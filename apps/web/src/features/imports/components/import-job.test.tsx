import type { ImportHousehold, ImportJob } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import {
  catchDownloads,
  fakeApi,
  household,
  householdsAnswer,
  importJob,
  importRow,
  JOB_ID,
  jobAnswer,
  json,
  rowsAnswer,
} from './fixtures.test-kit.ts';
import { ImportJobView } from './import-job.tsx';

// One import's page (issue 26 items 2–6) against a stand-in API whose answers pass the contract's schemas: the
// dry run's figures, the mapping sent back, rows by outcome page after page, households merged and split, the
// commit followed to its end, the errors file, Undo and Cancel each confirmed first.

const BASE = `/api/imports/${JOB_ID}`;
const POLL = { timeout: 4_000 };

function renderJob() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/import/:id', element: <ImportJobView id={JOB_ID} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/dashboard/import/${JOB_ID}`] },
  );
  return renderWithQuery(<RouterProvider router={router} />);
}

let job: ImportJob;
let households: ImportHousehold[];

/** The API of a job whose state is `job`, with its rows and households, plus `extra` routes. */
function api(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [`GET ${BASE}`]: () => jobAnswer(job),
    'GET /api/imports': () => json(200, { status: 'success', data: [] }),
    [`GET ${BASE}/rows`]: (call) =>
      call.query.get('outcome') === 'problems' || call.query.get('outcome') === 'error'
        ? rowsAnswer(
            [
              importRow({
                row_number: 5,
                outcome: 'error',
                summary: 'Meena Iyer · 55501',
                errors: [
                  { column: 'DOB', message: 'Date of Birth must be a date (DD/MM/YYYY).' },
                  { column: null, message: 'Provider is required.' },
                ],
              }),
            ],
            1,
          )
        : call.query.get('after') === 'r50'
          ? rowsAnswer([importRow({ row_number: 52, summary: 'Anil Rao · HDFC 77' })], 51)
          : rowsAnswer(
              [
                importRow({ new_provider: 'Star Health (Health Insurance)' }),
                importRow({
                  row_number: 3,
                  outcome: 'matched_client',
                  matched_by: 'pan',
                  summary: 'Kiran Das',
                }),
              ],
              51,
              'r50',
            ),
    [`GET ${BASE}/households`]: () => householdsAnswer(households, households.length),
    ...extra,
  });
}

beforeEach(() => {
  localStorage.setItem('token', tokenFor(['AG']));
  job = importJob();
  households = [
    household({ similar: ['h-ravi-2'] }),
    household({ key: 'h-ravi-2', client_name: 'Ravi K Sharma', members: [], plans: 1, rows: 1 }),
    household({
      key: 'h-kiran',
      client_name: 'Kiran Das',
      phone: null,
      outcome: 'matched_client',
      members: [],
    }),
  ];
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('an import’s dry run', () => {
  it('follows the check until it is done, then shows what the import will do', async () => {
    job = importJob({ status: 'checking' });
    api();
    renderJob();
    expect(await screen.findByRole('heading', { name: 'Checking your file' })).toBeVisible();
    job = importJob();
    const summary = await screen.findByRole('region', { name: 'What the import will do' }, POLL);
    expect(summary).toHaveTextContent(
      'The import adds 30 new clients, 12 family members, 100 plans. Skipped: 8 rows already present and 3 rows with errors. 2 provider companies will be created.',
    );
    expect(within(summary).getByText('Rows with errors').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Ready to import')).toBeVisible();
    // The rows with errors can be fixed before anything is written.
    expect(within(summary).getByRole('button', { name: 'Download rows with errors (.xlsx)' })).toBeVisible();
  });

  it('says a file already imported has nothing to import, and offers no import', async () => {
    const none = { new_clients: 0, new_members: 0, new_plans: 0, new_providers: 0 };
    job = importJob({
      counts: { ...importJob().counts, ...none, matched_clients: 3, errors: 0, duplicates: 9 },
    });
    api();
    renderJob();
    const summary = await screen.findByRole('region', { name: 'What the import will do' });
    expect(summary).toHaveTextContent('Nothing new to add. Skipped: 9 rows already present.');
    expect(
      within(summary).getByText(
        'Everything in this file is already in your book: there is nothing to import.',
      ),
    ).toBeVisible();
    expect(within(summary).queryByText(/fix the file/)).toBeNull();
    expect(within(summary).getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('lists the problem rows first, with row number, column and message, and other outcomes page by page', async () => {
    const server = api();
    renderJob();
    const rows = await screen.findByRole('region', { name: 'Rows' });
    const error = (await within(rows).findByText('Row 5')).closest('li')!;
    expect(error).toHaveTextContent('Error');
    expect(error).toHaveTextContent('Column “DOB”: Date of Birth must be a date (DD/MM/YYYY).');
    expect(error).toHaveTextContent('Provider is required.');
    expect(server.of('GET', `${BASE}/rows`)[0]!.query.get('outcome')).toBe('problems');

    await userEvent.click(within(rows).getByRole('button', { name: 'All rows' }));
    expect(await within(rows).findByText('Showing 2 of 51 rows')).toBeVisible();
    expect(within(rows).getByText('Matched by PAN')).toBeVisible();
    expect(within(rows).getByText(/New provider, created with the import: Star Health/)).toBeVisible();
    await userEvent.click(within(rows).getByRole('button', { name: 'Show more rows' }));
    expect(await within(rows).findByText('Anil Rao · HDFC 77')).toBeVisible();
    expect(server.calls.at(-1)!.query.get('after')).toBe('r50');
    expect(within(rows).queryByRole('button', { name: 'Show more rows' })).toBeNull();
  });

  it('offers the outcomes as one labelled list on a phone, in step with the buttons', async () => {
    const server = api();
    renderJob();
    const rows = await screen.findByRole('region', { name: 'Rows' });
    const list = within(rows).getByRole('combobox', { name: 'Show' });
    expect(list).toHaveValue('problems');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All rows',
      'Problems',
      'Errors',
      'Already present',
      'New clients',
      'Existing clients',
      'New family members',
      'New plans',
    ]);
    // The list is for narrow screens, the buttons for wide ones; each is hidden where the other shows.
    expect(list.closest('label')).toHaveClass('sm:hidden');
    expect(within(rows).getByRole('group', { name: 'Show rows' })).toHaveClass('hidden', 'sm:flex');
    await userEvent.selectOptions(list, 'error');
    await waitFor(() => expect(server.of('GET', `${BASE}/rows`).at(-1)!.query.get('outcome')).toBe('error'));
    expect(within(rows).getByRole('button', { name: 'Errors' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('sends the changed columns and kinds, remembered if asked, and follows the new check', async () => {
    const server = api({
      [`PUT ${BASE}/mapping`]: () => {
        job = importJob({ status: 'checking' });
        return jobAnswer(job);
      },
    });
    renderJob();
    const mapping = await screen.findByRole('region', { name: 'Sheets and columns' });
    // Every column is shown, with its first cells, since one of them is left out.
    const remarks = within(mapping).getByRole('combobox', { name: 'Remarks' });
    expect(remarks).toHaveValue('');
    expect(within(mapping).getByText('e.g. 12/03/1985 · 01/07/1988')).toBeVisible();
    expect(within(mapping).getByRole('button', { name: 'Check again' })).toBeDisabled();
    await userEvent.selectOptions(
      within(mapping).getByRole('combobox', { name: 'DOB' }),
      'holder.date_of_birth',
    );
    await userEvent.selectOptions(remarks, 'nominee.full_name');
    await userEvent.click(within(mapping).getByLabelText('Remember this mapping for my next imports'));
    await userEvent.click(within(mapping).getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Checking your file' })).toBeVisible();
    expect(server.of('PUT', `${BASE}/mapping`)[0]!.body).toEqual({
      save: true,
      sheets: [
        {
          name: 'My policies',
          kind: 'plans',
          mapping: {
            'Customer Name': 'client.full_name',
            Mobile: 'client.phone',
            'Policy No': 'policy_number',
            DOB: 'holder.date_of_birth',
            Remarks: 'nominee.full_name',
          },
        },
      ],
    });
  });

  it('keeps the fields a sheet’s new kind has, and leaves out the others', async () => {
    const server = api({ [`PUT ${BASE}/mapping`]: () => jobAnswer(job) });
    renderJob();
    const mapping = await screen.findByRole('region', { name: 'Sheets and columns' });
    await userEvent.selectOptions(within(mapping).getByRole('combobox', { name: 'Read as' }), 'clients');
    await userEvent.click(within(mapping).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(server.of('PUT', `${BASE}/mapping`)).toHaveLength(1));
    const sent = server.of('PUT', `${BASE}/mapping`)[0]!.body as {
      sheets: Array<{ kind: string; mapping: object }>;
    };
    expect(sent.sheets[0]!.kind).toBe('clients');
    expect(sent.sheets[0]!.mapping).toEqual({
      'Customer Name': null,
      Mobile: null,
      'Policy No': null,
      DOB: null,
      Remarks: null,
    });
  });

  it('merges and splits households, sending the whole set of changes each time', async () => {
    // After the first change the dry run has Kiran merged into Ravi K, and another family split earlier.
    const next = [
      household({ similar: ['h-ravi-2'] }),
      household({
        key: 'h-ravi-2',
        client_name: 'Ravi K Sharma',
        members: [],
        merged_from: ['h-ravi-2', 'h-kiran'],
      }),
      household({ key: 'h-das/asha', client_name: 'Asha Das', members: [], split_from: 'h-das' }),
    ];
    const server = api({
      [`PUT ${BASE}/households`]: () => {
        households = next;
        return jobAnswer(job);
      },
    });
    const sent = () => server.of('PUT', `${BASE}/households`).map((c) => c.body);
    renderJob();
    const section = await screen.findByRole('region', { name: 'Households' });
    const ravi = (await within(section).findByText('Ravi Sharma')).closest('li')!;
    expect(ravi).toHaveTextContent('Looks like the same family as Ravi K Sharma');
    expect(ravi).toHaveTextContent('Family: Sunita Sharma');
    expect(within(section).getByRole('button', { name: 'Merge selected' })).toBeDisabled();
    await userEvent.click(within(section).getByLabelText('Select Ravi K Sharma to merge'));
    await userEvent.click(within(section).getByLabelText('Select Kiran Das to merge'));
    await userEvent.click(within(section).getByRole('button', { name: 'Merge selected' }));
    await waitFor(() => expect(sent()).toEqual([{ merges: [['h-ravi-2', 'h-kiran']], splits: [] }]));
    // The set in force is read from every household (the most a page holds), then changed.
    expect(server.of('GET', `${BASE}/households`).map((c) => c.query.get('limit'))).toContain('200');

    // Each change asks for the households again: each is found afresh.
    const item = async (name: string) => (await within(section).findByText(name)).closest('li')!;
    const press = async (name: string, button: string) =>
      userEvent.click(await within(await item(name)).findByRole('button', { name: button }));
    expect(await within(section).findByText('Merged from 2 households')).toBeVisible();
    await press('Ravi Sharma', 'Merge with look-alikes');
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toEqual({ merges: [['h-ravi', 'h-ravi-2', 'h-kiran']], splits: ['h-das'] });

    await press('Ravi K Sharma', 'Separate again');
    await waitFor(() => expect(sent()).toHaveLength(3));
    expect(sent()[2]).toEqual({ merges: [], splits: ['h-das'] });

    await press('Asha Das', 'Undo the split');
    await waitFor(() => expect(sent()).toHaveLength(4));
    expect(sent()[3]).toEqual({ merges: [['h-ravi-2', 'h-kiran']], splits: [] });

    await press('Ravi Sharma', 'Split into 2 clients');
    await waitFor(() => expect(sent()).toHaveLength(5));
    expect(sent()[4]).toEqual({ merges: [['h-ravi-2', 'h-kiran']], splits: ['h-das', 'h-ravi'] });
  });

  it('offers no split of a household whose client is already in the book', async () => {
    households = [
      household(),
      household({
        key: 'h-kiran',
        client_name: 'Kiran Das',
        outcome: 'matched_client',
        members: ['Asha Das'],
      }),
    ];
    api();
    renderJob();
    const section = await screen.findByRole('region', { name: 'Households' });
    const ravi = (await within(section).findByText('Ravi Sharma')).closest('li')!;
    const kiran = within(section).getByText('Kiran Das').closest('li')!;
    expect(within(ravi).getByRole('button', { name: 'Split into 2 clients' })).toBeVisible();
    expect(kiran).toHaveTextContent('Family: Asha Das');
    expect(within(kiran).queryByRole('button', { name: /Split/ })).toBeNull();
  });

  it('shows each household’s phone in one Indian form, however the sheet typed it', async () => {
    households = [
      household({ phone: '+91 96406 32131' }),
      household({ key: 'h-asha', client_name: 'Asha Das', phone: '9640632132', members: [] }),
      household({ key: 'h-kiran', client_name: 'Kiran Das', phone: '09640632133', members: [] }),
    ];
    api();
    renderJob();
    const section = await screen.findByRole('region', { name: 'Households' });
    const item = async (name: string) => (await within(section).findByText(name)).closest('li')!;
    expect(await item('Ravi Sharma')).toHaveTextContent('+91 96406 32131 · 3 plans · 3 rows');
    expect(await item('Asha Das')).toHaveTextContent('+91 96406 32132 · 3 plans');
    expect(await item('Kiran Das')).toHaveTextContent('+91 96406 32133 · 3 plans');
  });

  it('says when another import of the agency is running', async () => {
    api({
      [`POST ${BASE}/commit`]: () =>
        json(409, {
          message: 'Another import of your agency is running. Wait for it to finish or cancel it.',
        }),
    });
    renderJob();
    const summary = await screen.findByRole('region', { name: 'What the import will do' });
    await userEvent.click(within(summary).getByRole('button', { name: 'Import' }));
    expect(await within(summary).findByRole('alert')).toHaveTextContent(
      'Another import of your agency is running.',
    );
  });

  it('says so when the import is not there', async () => {
    fakeApi({ [`GET ${BASE}`]: () => json(404, { message: 'Import not found.' }) });
    renderJob();
    expect(await screen.findByText('Import not found')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('an import’s commit', () => {
  it('says why a check failed, and that nothing was written', async () => {
    job = importJob({
      status: 'failed',
      finished_at: '2026-11-21T09:31:00.000Z',
      failure: 'The import stopped because of an unexpected error.',
    });
    api();
    renderJob();
    expect(await screen.findByRole('heading', { name: 'The import stopped' })).toBeVisible();
    expect(screen.getByText(/The import stopped because of an unexpected error\./)).toBeVisible();
    const ended = screen.getByRole('region', { name: 'Import ended' });
    expect(ended).toHaveTextContent('Stopped on 21 Nov 2026, 3:01 pm before anything was written.');
    expect(within(ended).queryByRole('button', { name: /Undo/ })).toBeNull();
    expect(within(ended).getByRole('link', { name: 'Start another import' })).toHaveAttribute(
      'href',
      '/dashboard/import',
    );
  });

  it('shows rows done of rows while it runs, then what it did; the errors file and Undo', async () => {
    const saved = catchDownloads();
    const server = api({
      [`POST ${BASE}/commit`]: () => {
        job = importJob({
          status: 'running',
          committed_at: '2026-11-21T09:40:00.000Z',
          progress: { done: 40, total: 109 },
        });
        return jobAnswer(job, 202);
      },
      [`GET ${BASE}/errors.xlsx`]: () =>
        new Response(new Uint8Array([80, 75]), {
          headers: { 'content-disposition': 'attachment; filename="sharma-book-errors.xlsx"' },
        }),
      [`POST ${BASE}/undo`]: () => {
        job = { ...job, status: 'undone', undo_until: null, finished_at: '2026-11-21T10:00:00.000Z' };
        return jobAnswer(job);
      },
    });
    renderJob();
    const summary = await screen.findByRole('region', { name: 'What the import will do' });
    await userEvent.click(within(summary).getByRole('button', { name: 'Import' }));
    const bar = await screen.findByRole('progressbar', { name: 'Rows imported' });
    expect(bar).toHaveAttribute('aria-valuetext', '40 of 109 rows');
    expect(screen.getByText('36%')).toBeVisible();

    job = importJob({
      status: 'done',
      committed_at: '2026-11-21T09:40:00.000Z',
      finished_at: '2026-11-21T09:42:00.000Z',
      progress: { done: 109, total: 109 },
      undo_until: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const done = await screen.findByRole('region', { name: 'What the import did' }, POLL);
    expect(done).toHaveTextContent('Finished on 21 Nov 2026, 3:12 pm.');
    expect(within(done).getByText('109 of 109 rows imported')).toBeVisible();
    expect(done).toHaveTextContent('You can undo it until');

    await userEvent.click(within(done).getByRole('button', { name: 'Download rows with errors (.xlsx)' }));
    await waitFor(() => expect(saved).toEqual(['sharma-book-errors.xlsx']));

    await userEvent.click(within(done).getByRole('button', { name: 'Undo import' }));
    const confirm = await screen.findByRole('dialog', { name: 'Undo this import?' });
    expect(server.of('POST', `${BASE}/undo`)).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByRole('heading', { name: 'Import undone' })).toBeVisible();
    expect(server.of('POST', `${BASE}/undo`)).toHaveLength(1);
  });

  it('goes straight from waiting to done when the import ends between two looks, with no 0 %', async () => {
    api({
      [`POST ${BASE}/commit`]: () => {
        job = importJob({ status: 'queued', committed_at: '2026-11-21T09:40:00.000Z' });
        return jobAnswer(job, 202);
      },
    });
    renderJob();
    const summary = await screen.findByRole('region', { name: 'What the import will do' });
    await userEvent.click(within(summary).getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('heading', { name: 'Waiting to start' })).toBeVisible();
    const bar = screen.getByRole('progressbar', { name: 'Rows imported' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(screen.queryByText('0%')).toBeNull();

    // The next look finds it done: its figures, not a bar.
    job = importJob({
      status: 'done',
      committed_at: '2026-11-21T09:40:00.000Z',
      finished_at: '2026-11-21T09:40:02.000Z',
      progress: { done: 12, total: 12 },
    });
    const done = await screen.findByRole('region', { name: 'What the import did' }, POLL);
    expect(within(done).getByText('12 of 12 rows imported')).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText('0%')).toBeNull();
  });

  it('finds a running import where it is after a reload, and stops it only after the confirmation', async () => {
    job = importJob({
      status: 'running',
      committed_at: '2026-11-21T09:40:00.000Z',
      progress: { done: 5, total: 109 },
    });
    const server = api({
      [`POST ${BASE}/cancel`]: () => {
        job = {
          ...job,
          status: 'cancelled',
          finished_at: '2026-11-21T09:41:00.000Z',
          progress: { done: 9, total: 109 },
        };
        return jobAnswer(job);
      },
    });
    renderJob();
    expect(await screen.findByRole('progressbar', { name: 'Rows imported' })).toHaveAttribute(
      'aria-valuetext',
      '5 of 109 rows',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Stop import' }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop this import?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep going' }));
    expect(server.of('POST', `${BASE}/cancel`)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Stop import' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Stop this import?' })).getByRole('button', {
        name: 'Stop import',
      }),
    );
    const ended = await screen.findByRole('region', { name: 'Import ended' });
    expect(ended).toHaveTextContent(
      'Stopped on 21 Nov 2026, 3:11 pm, after 9 of 109 rows; the rest was not imported.',
    );
  });
});
