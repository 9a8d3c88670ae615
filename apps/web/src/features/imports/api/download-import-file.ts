import type { BookSheetKey } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { saveBlob } from '../../../components/documents/save-blob.ts';
import { apiResponse } from '../../../lib/api-client.ts';

// The import's files, fetched with the bearer token and saved under the API's name: the template (.xlsx, or one
// sheet as .csv) and an import's rows with errors (.xlsx). Nothing cached changes.

export type ImportFile =
  | { kind: 'template' }
  | { kind: 'template-csv'; sheet: BookSheetKey }
  | { kind: 'errors'; id: string };

/** The file name the API gave (`attachment; filename="…"`), else a plain one. */
export function importFileName(disposition: string | null, file: ImportFile): string {
  const named = disposition && /filename="([^"]+)"/.exec(disposition);
  if (named?.[1]) return named[1];
  if (file.kind === 'template-csv') return `import-template-${file.sheet.replace('_', '-')}.csv`;
  return file.kind === 'errors' ? 'import-errors.xlsx' : 'import-template.xlsx';
}

export async function downloadImportFile(file: ImportFile): Promise<string> {
  const response =
    file.kind === 'template'
      ? await apiResponse('importTemplateXlsx', { quiet: true })
      : file.kind === 'template-csv'
        ? await apiResponse('importTemplateCsv', { query: { sheet: file.sheet }, quiet: true })
        : await apiResponse('importErrorsXlsx', { params: { id: file.id }, quiet: true });
  const name = importFileName(response.headers.get('content-disposition'), file);
  saveBlob(await response.blob(), name);
  return name;
}

export function useImportFileDownload() {
  return useMutation({ mutationFn: downloadImportFile });
}
