import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import { stubApi } from './fixtures.test-kit.ts';
import { PlanDocumentViewer } from './plan-document-viewer.tsx';

const plan = {
  plan_type: 'insurance',
  id: '00000000-0000-4000-8000-0000000000aa',
  policy_number: 'SH-4411',
  plan_name: 'Optima',
};
const pdf = (size: number) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  return bytes;
};

// The viewer's own states are tested with it (components/documents); here, the client area's bytes and words.
describe('a plan document in the client area (spec §2, §8)', () => {
  beforeEach(() => {
    localStorage.setItem('token', tokenFor(['AC']));
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:doc', revokeObjectURL: () => undefined }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the checked PDF under the plan’s file name', async () => {
    stubApi([[/\/policies\/.+\/document$/, { bytes: pdf(400), type: 'application/pdf' }]]);
    renderWithQuery(<PlanDocumentViewer plan={plan} open onOpenChange={() => undefined} />);
    expect(await screen.findByTitle('Document SH-4411.pdf')).toHaveAttribute('src', 'blob:doc');
    expect(screen.getByRole('heading', { name: 'SH-4411.pdf' })).toBeInTheDocument();
  });

  it.each([
    [
      'a missing file',
      { status: 404, body: { message: 'Document not available. File may be missing.', detail: null } },
      'Document not available: Document not available. File may be missing.',
    ],
    [
      'a file under 100 bytes',
      { bytes: pdf(60), type: 'application/pdf' },
      'Document not available. File may be missing.',
    ],
    [
      'a file that is not a PDF',
      { bytes: new Uint8Array(300).fill(0x41), type: 'application/pdf' },
      'Document file corrupted',
    ],
    ['a server failure', { status: 500, body: { message: 'Boom', detail: null } }, 'Document unavailable'],
  ] as const)(
    'says Cannot Load Document for %s, and offers Download Instead',
    async (_what, answer, message) => {
      stubApi([[/\/policies\/.+\/document$/, answer as never]]);
      renderWithQuery(<PlanDocumentViewer plan={plan} open onOpenChange={() => undefined} />);
      expect(await screen.findByRole('heading', { name: 'Cannot Load Document' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('button', { name: 'Download Instead' })).toBeInTheDocument();
    },
  );
});
