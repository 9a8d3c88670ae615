import type { BookSheetKey } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { saveBlob } from '../../../components/documents/save-blob.ts';
import { apiResponse } from '../../../lib/api-client.ts';

// The agency's book downloaded (issue 26 item 7): the whole book as .xlsx, or one sheet as .csv. The answer is
// read as it streams, so the screen can say how much has arrived; the file is saved once it is whole. Nothing
// cached changes, so no query is invalidated.

export interface BookDownload {
  /** One sheet as .csv; absent, the whole book as .xlsx. */
  sheet?: BookSheetKey;
  signal?: AbortSignal;
  onProgress?: (bytes: number) => void;
}

/** The file name the API gave (`attachment; filename="…"`), else a plain one. */
export function downloadName(disposition: string | null, sheet?: BookSheetKey): string {
  const named = disposition && /filename="([^"]+)"/.exec(disposition);
  return named?.[1] ?? (sheet ? `${sheet}.csv` : 'book.xlsx');
}

export async function downloadBook({ sheet, signal, onProgress }: BookDownload): Promise<string> {
  const response = sheet
    ? await apiResponse('exportBookCsv', { query: { sheet }, signal, quiet: true })
    : await apiResponse('exportBookXlsx', { signal, quiet: true });
  const name = downloadName(response.headers.get('content-disposition'), sheet);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress?.(received);
    }
  }
  saveBlob(new Blob(chunks, { type: response.headers.get('content-type') ?? undefined }), name);
  return name;
}

/** The download in progress: which one, the bytes so far, and a way to stop it. */
export function useBookDownload() {
  const [bytes, setBytes] = useState(0);
  const [controller, setController] = useState<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (sheet: BookSheetKey | undefined) => {
      const abort = new AbortController();
      setController(abort);
      setBytes(0);
      return downloadBook({ sheet, signal: abort.signal, onProgress: setBytes });
    },
    onSettled: () => setController(null),
  });
  return { ...mutation, bytes, cancel: () => controller?.abort() };
}
