import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { usePlanEdited } from './update-plan.ts';

export function replacePlanDocument(id: string, file: File) {
  const form = new FormData();
  form.set('file', file);
  return apiCall('replaceClientPlanDocument', { params: { id }, form, quiet: true });
}

/** A new PDF changes the plan's detail and the records that mark which plans have one. */
export function useReplacePlanDocument(id: string) {
  const edited = usePlanEdited();
  return useMutation({
    mutationFn: (file: File) => replacePlanDocument(id, file),
    onSuccess: (answer) => edited(answer.data),
  });
}
