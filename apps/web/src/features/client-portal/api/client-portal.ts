import { type ClientProfile, DOCUMENT_MIN_BYTES, MSG } from '@portal/contract';
import { ApiError, apiBlob, apiCall } from '../../../lib/api-client.ts';

// The agency client's own area (issue 6; spec §7 /agency-user/... calls). Every call is quiet: the screens
// show their own loading, empty and error states (spec §8) instead of the client's generic toasts.

export function fetchSummary(signal?: AbortSignal) {
  return apiCall('clientSummary', { signal, quiet: true });
}

let profileInFlight: Promise<ClientProfile> | null = null;

/**
 * The client's profile. The shell's header and the screen under it (the home, the profile) ask at the same moment:
 * one request answers every caller while it is in flight. A caller that leaves ignores the answer (`signal`), and
 * the request goes on for the others.
 */
export function fetchProfile(_signal?: AbortSignal): Promise<ClientProfile> {
  if (!profileInFlight) {
    const call = apiCall('clientProfile', { quiet: true });
    const done = () => {
      if (profileInFlight === call) profileInFlight = null;
    };
    call.then(done, done);
    profileInFlight = call;
  }
  return profileInFlight;
}

export function fetchAgency(signal?: AbortSignal) {
  return apiCall('clientAgency', { signal, quiet: true });
}

export function fetchMyPlans(signal?: AbortSignal) {
  return apiCall('clientPlans', { signal, quiet: true });
}

export function fetchPlanDetails(id: string, signal?: AbortSignal) {
  return apiCall('clientPlanDetails', { params: { id }, signal, quiet: true });
}

export function fetchSecondaryClients(signal?: AbortSignal) {
  return apiCall('clientSecondaryClients', { signal, quiet: true });
}

export function fetchSecondaryClient(id: string, signal?: AbortSignal) {
  return apiCall('clientSecondaryClient', { params: { id }, signal, quiet: true });
}

export function fetchAlerts(signal?: AbortSignal) {
  return apiCall('clientAlerts', { signal, quiet: true });
}

/** The signed-in client's own photo (the primary-clients avatar call, allowed for their own id only). */
export function fetchOwnAvatar(primaryClientId: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob('primaryClientAvatar', { params: { id: primaryClientId }, signal, quiet: true });
}

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

/** Spec §9: the object URL of a download is released 1 s after the download starts. */
export const DOWNLOAD_RELEASE_MS = 1_000;

/** Saves bytes under a file name, as a download, and releases them afterwards. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_RELEASE_MS);
}
