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

/** Sends the file (multipart `file`): it becomes an import job, whose dry run starts at once. */
export async function uploadImport(file: File) {
  const form = new FormData();
  form.set('file', file);
  return (await apiCall('uploadImport', { form, quiet: true })).data;
}

export function useUploadImport() {
  const store = useStoreImport();
  return useMutation({ mutationFn: uploadImport, onSuccess: store });
}
