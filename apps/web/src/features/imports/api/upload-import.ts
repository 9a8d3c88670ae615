import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useStoreImport } from './get-import.ts';

/** The file types the picker offers (the API decides by the bytes; this only spares a pointless upload). */
export const IMPORT_ACCEPT =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/**
 * Why a chosen file is not sent, or null: over 20 MB (the contract's message, before a byte goes up) or not named
 * as a spreadsheet. Whether it truly is one, and its rows and columns, the API answers.
 */
export function checkImportFile(file: File): string | null {
  if (!/\.(xlsx|csv)$/i.test(file.name)) return IMPORT_MESSAGES.wrongType;
  if (file.size > IMPORT_LIMITS.maxBytes) return IMPORT_MESSAGES.tooLarge;
  if (file.size === 0) return IMPORT_MESSAGES.empty;
  return null;
}

/** Why files chosen together are not sent, or null: an .xlsx alone, or up to three .csv files (20 MB in all). */
export function checkImportFiles(files: readonly File[]): string | null {
  if (files.length > IMPORT_LIMITS.maxFiles) return IMPORT_MESSAGES.tooManyFiles;
  for (const file of files) {
    const problem = checkImportFile(file);
    if (problem) return problem;
  }
  if (files.length > 1 && files.some((f) => /\.xlsx$/i.test(f.name))) return IMPORT_MESSAGES.xlsxAlone;
  if (files.reduce((n, f) => n + f.size, 0) > IMPORT_LIMITS.maxBytes) return IMPORT_MESSAGES.tooLarge;
  return null;
}

/** Sends the files (multipart `file`, once each): they become an import job, whose dry run starts at once. */
export async function uploadImport(files: readonly File[]) {
  const form = new FormData();
  for (const file of files) form.append('file', file);
  return (await apiCall('uploadImport', { form, quiet: true })).data;
}

export function useUploadImport() {
  const store = useStoreImport();
  return useMutation({ mutationFn: uploadImport, onSuccess: store });
}
