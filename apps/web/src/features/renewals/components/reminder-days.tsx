import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useReminderSettings } from '../api/get-reminder-settings.ts';
import { useSaveReminderSettings } from '../api/update-reminder-settings.ts';

/** "30, 15, 7, 1" → [30, 15, 7, 1], or a message naming what is wrong. */
export function parseDays(text: string): number[] | string {
  const parts = text
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return 'Choose at least one reminder day.';
  const days = parts.map(Number);
  if (days.some((d) => !Number.isInteger(d) || d < 1 || d > 120)) {
    return 'Each reminder day must be a whole number between 1 and 120.';
  }
  if (new Set(days).size !== days.length) return 'Reminder days must not repeat.';
  if (days.length > 6) return 'Choose at most 6 reminder days.';
  return days;
}

/** The agency's reminder days: when clients get their e-mail before an end date. */
export function ReminderDays() {
  const settings = useReminderSettings();
  const save = useSaveReminderSettings();
  // What the owner typed; until they type, the saved days.
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const text = typed ?? settings.data?.reminder_days.join(', ') ?? '';
  const loaded = settings.data !== undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const days = parseDays(text);
    if (typeof days === 'string') {
      setError(days);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync(days);
      // The saved days, as the server wrote them, show again.
      setTyped(null);
      notify('success', 'Reminder days saved.');
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
      aria-labelledby="reminder-days-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="reminder-days-title" className="font-semibold text-slate-900">
        Reminder days
      </h2>
      {settings.isError && !settings.isFetching ? (
        <ErrorState variant="inline" className="mt-2" onRetry={() => void settings.refetch()}>
          We could not load your reminder days.
        </ErrorState>
      ) : (
        <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex-1">
            <TextField
              label="Days before the end date"
              inputMode="numeric"
              value={text}
              disabled={!loaded}
              onChange={(e) => setTyped(e.target.value)}
              error={error}
              hint="Clients get an e-mail on each of these days before a policy ends or an investment matures, for example 30, 15, 7, 1."
            />
          </div>
          <Button type="submit" busy={save.isPending} disabled={!loaded} className="sm:mt-7">
            Save days
          </Button>
        </form>
      )}
    </section>
  );
}
