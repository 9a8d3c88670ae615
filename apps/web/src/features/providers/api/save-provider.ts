import type { Provider, ServiceCategory } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface SaveProviderInput {
  payload: Record<string, unknown>;
  logo: File | null;
  /** Absent for a new company. */
  providerId?: string;
}

/** Creates or edits with the spec's multipart shape: `payload` (JSON) and the `providerlogourl` file. */
export async function saveProvider(
  category: ServiceCategory,
  { payload, logo, providerId }: SaveProviderInput,
): Promise<Provider> {
  const form = new FormData();
  form.set('payload', JSON.stringify(payload));
  if (logo) form.set('providerlogourl', logo);
  const name = providerId
    ? category === 'insurance'
      ? 'updateInsuranceProvider'
      : 'updateInvestmentProvider'
    : category === 'insurance'
      ? 'createInsuranceProvider'
      : 'createInvestmentProvider';
  const answer = await apiCall(name, {
    form,
    params: providerId ? { id: providerId } : undefined,
    quiet: true,
  });
  return answer.data;
}

/**
 * Saves a company, shows it in this category's list at once, and makes every view of the agency's companies ask
 * again: the lists and each plan form's companies of a service (Add More Plans offered none until a reload).
 */
export function useSaveProvider(category: ServiceCategory) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveProviderInput) => saveProvider(category, input),
    onSuccess: (saved) => {
      queryClient.setQueryData<Provider[]>(queryKeys.providers.ofCategory(category), (list) =>
        list?.some((p) => p.provider_id === saved.provider_id)
          ? list.map((p) => (p.provider_id === saved.provider_id ? saved : p))
          : list && [...list, saved],
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.providers.all });
    },
  });
}
