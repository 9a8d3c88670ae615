import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface PremiumPaid {
  paidOn: string;
  amount: string;
  receiptNumber: string;
  /** A count of instalments from the next due date, or every one up to a due date (decision 041). */
  instalments?: number;
  upTo?: string;
  receipt: File | null;
}

/** Multipart: the date paid, the amount, the receipt number, how many instalments or up to when, an optional PDF. */
export function markPremiumPaid(planId: string, input: PremiumPaid) {
  const form = new FormData();
  form.set('paid_on', input.paidOn);
  form.set('amount', input.amount.trim());
  form.set('receipt_number', input.receiptNumber.trim());
  if (input.upTo) form.set('up_to', input.upTo);
  else form.set('instalments', String(input.instalments ?? 1));
  if (input.receipt) form.set('receipt', input.receipt);
  return apiCall('markPremiumPaid', { params: { id: planId }, form, quiet: true });
}

/** A payment moves the plan's next due date: its details, its payments and the home's figures. */
export function useMarkPremiumPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, ...input }: PremiumPaid & { planId: string }) => markPremiumPaid(planId, input),
    onSuccess: () => {
      for (const queryKey of [queryKeys.plans, queryKeys.dashboard, queryKeys.renewals]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
