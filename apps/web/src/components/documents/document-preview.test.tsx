import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentPreview, type DocumentPreviewProps, previewKind } from './document-preview.tsx';

// A document's preview (spec §2): PDFs in a frame, images as images, anything else 'Preview not supported'; a
// Download link once the bytes are here; the feature's words when they could not be had.

const bytes = new Blob(['x'.repeat(200)]);

function show(props: Partial<DocumentPreviewProps> = {}) {
  const onOpenChange = vi.fn();
  render(
    <DocumentPreview
      open
      onOpenChange={onOpenChange}
      title="PAN · Rohan Desai"
      mime="application/pdf"
      fileName="Rohan Desai - PAN.pdf"
      {...props}
    />,
  );
  return { onOpenChange };
}

describe('DocumentPreview', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:doc', revokeObjectURL: () => undefined }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('tells PDFs and images from the rest', () => {
    expect(previewKind('application/pdf')).toBe('pdf');
    expect(previewKind('image/webp')).toBe('image');
    expect(previewKind('application/zip')).toBe('unsupported');
  });

  it('says it is loading, with no Download yet', () => {
    show();
    expect(screen.getByRole('dialog', { name: 'PAN · Rohan Desai' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading document');
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });

  it('shows a PDF in a frame named by the title, and downloads it under the name given', async () => {
    const { onOpenChange } = show({ blob: bytes });
    expect(await screen.findByTitle('PAN · Rohan Desai')).toHaveAttribute('src', 'blob:doc');
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', 'blob:doc');
    expect(download).toHaveAttribute('download', 'Rohan Desai - PAN.pdf');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows an image under the media label when one is given', async () => {
    show({
      blob: bytes,
      mime: 'image/png',
      title: 'Aadhaar · Anaya Sharma',
      mediaLabel: 'Aadhaar · Anaya Sharma preview',
    });
    expect(await screen.findByRole('img', { name: 'Aadhaar · Anaya Sharma preview' })).toHaveAttribute(
      'src',
      'blob:doc',
    );
  });

  it('says Preview not supported for another kind of file, still offering the download', async () => {
    show({ blob: bytes, mime: 'application/zip' });
    expect(await screen.findByText('Preview not supported')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toBeInTheDocument();
  });

  it('says why the document could not be had, without a download', () => {
    show({ error: 'Failed to fetch documents' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch documents');
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });
});
