import { CLAIM_STALE_DAYS_MAX, CLAIM_STALE_DAYS_MIN } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useClaimSettings, useSaveClaimSettings } from '../api/claim-documents.ts';

/** "10" → 10, or a message naming what is wrong (the API's words). */
export function parseStaleDays(text: string): number | string {
  const days = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(days)) return 'Remind After must be a whole number of days.';
  if (days < CLAIM_STALE_DAYS_MIN) return `Remind After must be at least ${CLAIM_STALE_DAYS_MIN} day.`;
  if (days > CLAIM_STALE_DAYS_MAX) return `Remind After must be at most ${CLAIM_STALE_DAYS_MAX} days.`;
  return days;
}

/**
 * How many days a claim may stay in one open status before its agent (or the owner, when the client has none) is
 * reminded by e-mail (decision 045): the agency's setting, for the owner and agency admins.
 */
export function ClaimReminderSettings() {
  const settings = useClaimSettings(true);
  const save = useSaveClaimSettings();
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const text = typed ?? (settings.data ? String(settings.data.stale_days) : '');
  const loaded = settings.data !== undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const days = parseStaleDays(text);
    if (typeof days === 'string') {
      setError(days);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync({ stale_days: days });
      setTyped(null);
      notify('success', 'Claim reminders saved.');
    } catch (err) {
      setError(
        err instanceof ApiError
          ? (Object.values(err.fields)[0] ?? err.message)
          : 'Something went wrong. Please try again.',
      );
    }
  }

  return (
    <section
      aria-labelledby="claim-reminders-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="claim-reminders-title" className="font-semibold text-slate-900">
        Claim reminders
      </h2>
      {settings.isError && !settings.isFetching ? (
        <ErrorState variant="inline" className="mt-2" onRetry={() => void settings.refetch()}>
          We could not load your claim reminders.
        </ErrorState>
      ) : (
        <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex-1">
            <TextField
              label="Remind After (days in one status)"
              inputMode="numeric"
              value={text}
              disabled={!loaded}
              onChange={(e) => setTyped(e.target.value)}
              error={error}
              hint="When an open claim has waited longer than this at one step, the client's agent (or you, when the client has none) gets an e-mail to follow it up."
            />
          </div>
          <Button type="submit" busy={save.isPending} disabled={!loaded} className="sm:mt-7">
            Save
          </Button>
        </form>
      )}
    </section>
  );
}
