import { DOCUMENT_MIN_BYTES, MSG } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiBlob } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Spec §9: a document fetch gives up after 30 s. */
export const DOCUMENT_TIMEOUT_MS = 30_000;

/** Why a plan document could not be had, in the words of spec §8. */
export class DocumentError extends Error {
  constructor(
    readonly kind: 'missing' | 'corrupted' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

const PDF_MAGIC = '%PDF-';

/**
 * A plan's PDF (policy or investment account), checked before it is shown or saved: an empty or tiny file
 * is missing (spec §5, 100 bytes), a file that is not a PDF is corrupted, anything else went wrong on the way.
 */
export async function fetchPlanDocument(
  plan: { plan_type: string; id: string },
  signal?: AbortSignal,
): Promise<Blob> {
  const name =
    plan.plan_type === 'insurance'
      ? ('clientPolicyDocument' as const)
      : plan.plan_type === 'investment'
        ? ('clientInvestmentDocument' as const)
        : null;
  if (!name) throw new DocumentError('unavailable', 'Unknown plan type');
  const timeout = AbortSignal.timeout(DOCUMENT_TIMEOUT_MS);
  const params: Record<string, string> =
    name === 'clientPolicyDocument' ? { policyId: plan.id } : { accountId: plan.id };
  let blob: Blob;
  try {
    blob = await apiBlob(name, {
      params,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      quiet: true,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    if (err instanceof ApiError && err.status === 404) {
      throw new DocumentError('missing', `Document not available: ${err.message}`);
    }
    throw new DocumentError('unavailable', 'Document unavailable');
  }
  if (blob.size < DOCUMENT_MIN_BYTES) throw new DocumentError('missing', MSG.documentMissing);
  const head = await blob.slice(0, PDF_MAGIC.length).text();
  if (head !== PDF_MAGIC) throw new DocumentError('corrupted', 'Document file corrupted');
  return blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
}

export const planDocumentQueryOptions = (plan: { plan_type: string; id: string }) =>
  queryOptions({
    queryKey: queryKeys.clientArea.planDocument(plan.id),
    queryFn: ({ signal }) => fetchPlanDocument(plan, signal),
    // The viewer fetches the document each time it opens and lets the bytes go when it closes.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

/** The plan's checked PDF, fetched only while `enabled` (the viewer open). */
export function usePlanDocument(plan: { plan_type: string; id: string }, enabled: boolean) {
  return useQuery({ ...planDocumentQueryOptions(plan), enabled });
}
