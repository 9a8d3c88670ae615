import { slugify, slugRuleError } from '@portal/contract';
import { AlertCircle, CheckCircle2, XCircle } from 'lucide-react';
import { useId } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { useSlugCheck } from '../api/check-slug.ts';

// The agency's portal address on step 1 of the registration (issue 24 item 5, decisions §2): made from the
// agency name as it is typed, checked once typing pauses, editable by hand; a taken one offers a free one.

const LABEL = 'Portal Address';
const NO_LATIN =
  'The agency name has no English letters or digits to make an address from: type the portal address you want.';

export type AddressState =
  | { kind: 'none' }
  | { kind: 'invalid'; message: string }
  | { kind: 'checking' }
  | { kind: 'available' }
  | { kind: 'unavailable'; reason: 'taken' | 'reserved'; suggestion: string | null }
  /** The check failed (network, too many checks): the registration itself still decides. */
  | { kind: 'unknown' };

/** The address in use (typed, or made from the name) and what is known of it. */
export function usePortalAddress(agencyName: string, edited: boolean, typed: string) {
  const slug = edited ? typed : slugify(agencyName);
  const problem = edited
    ? slugRuleError(slug, LABEL)
    : agencyName.trim() !== '' && slug === ''
      ? NO_LATIN
      : null;
  const { query, settling } = useSlugCheck(problem ? null : slug);
  let state: AddressState;
  if (problem) state = { kind: 'invalid', message: problem };
  else if (slug === '') state = { kind: 'none' };
  else if (settling || query.isPending) state = { kind: 'checking' };
  else if (query.isError) state = { kind: 'unknown' };
  else if (query.data.available) state = { kind: 'available' };
  else
    state = { kind: 'unavailable', reason: query.data.reason ?? 'taken', suggestion: query.data.suggestion };
  return { slug, state, refresh: () => void query.refetch() };
}

/** Whether the address keeps step 1's Next disabled, and the words that say so. */
export function addressHold(state: AddressState): string | null {
  if (state.kind === 'invalid' || state.kind === 'unavailable') return LABEL;
  if (state.kind === 'checking') return `${LABEL} (checking…)`;
  return null;
}

export interface PortalAddressFieldProps {
  agencyName: string;
  slug: string;
  state: AddressState;
  edited: boolean;
  /** The API's refusal at registration (taken meanwhile), shown until the address changes. */
  serverError?: string | undefined;
  host: string;
  /** The owner typed or picked an address. */
  onChoose: (slug: string) => void;
  /** Back to the address made from the agency name. */
  onFollowName: () => void;
}

export function PortalAddressField({
  agencyName,
  slug,
  state,
  edited,
  serverError,
  host,
  onChoose,
  onFollowName,
}: PortalAddressFieldProps) {
  const id = useId();
  const statusId = `${id}-status`;
  const fromName = slugify(agencyName);
  const bad = state.kind === 'invalid' || state.kind === 'unavailable' || Boolean(serverError);
  const full = `${slug}.${host}`;

  return (
    <div className="flex min-w-0 flex-col gap-1.5 sm:col-span-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {LABEL}
      </label>
      <div
        className={cn(
          'flex min-w-0 items-stretch overflow-hidden rounded-md border bg-white focus-within:border-primary-600 focus-within:ring-2 focus-within:ring-primary-600/30',
          bad ? 'border-red-600' : 'border-slate-300',
        )}
      >
        <input
          id={id}
          value={slug}
          onChange={(event) => onChoose(event.target.value.toLowerCase().replace(/\s+/g, ''))}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          inputMode="url"
          maxLength={80}
          placeholder="youragency"
          aria-invalid={bad || undefined}
          aria-describedby={statusId}
          className="w-0 min-w-0 flex-1 px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none"
        />
        <span className="flex max-w-[60%] min-w-0 items-center border-l border-slate-200 bg-slate-50 px-3 text-sm text-slate-500">
          <span className="truncate">.{host}</span>
        </span>
      </div>
      <div id={statusId} aria-live="polite" className="flex flex-col items-start gap-2 text-sm">
        <AddressStatus state={state} full={full} serverError={serverError} />
        {state.kind === 'unavailable' && state.suggestion ? (
          <button
            type="button"
            onClick={() => onChoose(state.suggestion!)}
            className="rounded-md border border-primary-500/40 bg-primary-50 px-3 py-1.5 text-left font-medium wrap-anywhere text-primary-800 hover:bg-primary-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600/40"
          >
            Use {state.suggestion}.{host}
          </button>
        ) : null}
      </div>
      {edited && fromName !== '' && fromName !== slug ? (
        <button
          type="button"
          onClick={onFollowName}
          className="self-start text-sm font-medium text-primary-700 hover:underline"
        >
          Use the address made from the agency name
        </button>
      ) : null}
    </div>
  );
}

function AddressStatus({
  state,
  full,
  serverError,
}: {
  state: AddressState;
  full: string;
  serverError: string | undefined;
}) {
  const line = 'flex items-start gap-1.5 wrap-anywhere';
  if (serverError) {
    return (
      <p className={cn(line, 'text-red-700')}>
        <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
        {serverError}
      </p>
    );
  }
  switch (state.kind) {
    case 'none':
      return (
        <p className="text-slate-500">Your agency's own address, made from its name. You can change it.</p>
      );
    case 'invalid':
      return (
        <p className={cn(line, 'text-red-700')}>
          <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {state.message}
        </p>
      );
    case 'checking':
      return (
        <p className={cn(line, 'text-slate-600')}>
          <Spinner size="small" />
          Checking {full}…
        </p>
      );
    case 'available':
      return (
        <p className={cn(line, 'text-green-800')}>
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
          {full} is available.
        </p>
      );
    case 'unavailable':
      return (
        <p className={cn(line, 'text-red-700')}>
          <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {state.reason === 'reserved'
            ? `${full} is reserved for the platform.`
            : `${full} is already taken.`}
          {state.suggestion ? ' This one is free:' : ' Please type another.'}
        </p>
      );
    case 'unknown':
      return (
        <p className={cn(line, 'text-amber-800')}>
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          The address could not be checked just now; it is checked again when you register.
        </p>
      );
  }
}
