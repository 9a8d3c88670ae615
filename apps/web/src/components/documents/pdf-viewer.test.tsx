import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PdfViewer, type PdfViewerProps } from './pdf-viewer.tsx';

// The viewer's states (spec §2, §4, §8): loading, the document with its buttons, or Cannot Load Document.

const pdf = new Blob(['%PDF-1.4\n'.padEnd(400, ' ')], { type: 'application/pdf' });

function show(props: Partial<PdfViewerProps> = {}) {
  const onDownload = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <PdfViewer
      open
      onOpenChange={onOpenChange}
      name="SH-4411.pdf"
      onDownload={onDownload}
      downloading={false}
      {...props}
    />,
  );
  return { onDownload, onOpenChange };
}

describe('PdfViewer', () => {
  let revoked: string[];
  beforeEach(() => {
    revoked = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: () => 'blob:doc',
        revokeObjectURL: (url: string) => void revoked.push(url),
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says it is loading until the bytes come, offering only Close', () => {
    show();
    expect(screen.getByRole('dialog', { name: 'SH-4411.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading document');
    expect(screen.getAllByRole('button').map((b) => b.textContent?.trim())).toEqual(['Close']);
  });

  it('shows the document with Open in new tab, Download and Close; Download saves the bytes shown', async () => {
    const { onDownload, onOpenChange } = show({ blob: pdf });
    expect(await screen.findByTitle('Document SH-4411.pdf')).toHaveAttribute('src', 'blob:doc');
    expect(screen.getByRole('heading', { name: 'SH-4411.pdf' })).toBeInTheDocument();
    const user = userEvent.setup();
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    await user.click(screen.getByRole('button', { name: 'Open in new tab' }));
    expect(opened).toHaveBeenCalledWith('blob:doc', '_blank', 'noopener');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(onDownload).toHaveBeenCalledWith(pdf);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says Cannot Load Document with the reason, and Download Instead fetches the file again', async () => {
    const { onDownload } = show({ error: 'Document file corrupted' });
    expect(screen.getByRole('heading', { name: 'Cannot Load Document' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Document file corrupted');
    expect(screen.queryByRole('button', { name: 'Open in new tab' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download Instead' }));
    expect(onDownload).toHaveBeenCalledWith();
  });

  it('shows Download Instead as busy while that download runs', () => {
    show({ error: 'Document unavailable', downloading: true });
    expect(screen.getByRole('button', { name: 'Download Instead' })).toHaveAttribute('aria-busy', 'true');
  });

  it('lets the bytes’ address go when it closes', async () => {
    const { rerender } = render(
      <PdfViewer
        open
        onOpenChange={vi.fn()}
        name="a.pdf"
        blob={pdf}
        onDownload={vi.fn()}
        downloading={false}
      />,
    );
    await screen.findByTitle('Document a.pdf');
    rerender(
      <PdfViewer
        open={false}
        onOpenChange={vi.fn()}
        name="a.pdf"
        blob={pdf}
        onDownload={vi.fn()}
        downloading={false}
      />,
    );
    expect(revoked).toContain('blob:doc');
  });
});
