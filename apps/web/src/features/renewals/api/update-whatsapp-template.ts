import type { UpdateWhatsAppTemplateInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function saveWhatsAppTemplate(body: UpdateWhatsAppTemplateInput) {
  return apiCall('updateWhatsAppTemplate', { body, quiet: true }).then((r) => r.data.templates);
}

/** The templates as saved are what every "Send on WhatsApp" writes from then on. */
export function useSaveWhatsAppTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWhatsAppTemplate,
    onSuccess: (templates) => queryClient.setQueryData(queryKeys.whatsAppTemplates, templates),
  });
}
