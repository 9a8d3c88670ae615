import {
  FOLLOW_UP_NOTE_MAX,
  LOST_REASON_LABELS,
  LOST_REASON_TEXT_MAX,
  LOST_REASONS,
  type LostReason,
} from '@portal/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { dateProblemMessage, readTypedDate } from '../../../lib/typed-date.ts';
import { useAddFollowUp } from '../api/add-follow-up.ts';
import { useMarkLost } from '../api/mark-lost.ts';

/** Today in India, YYYY-MM-DD: a follow-up is for today or later. */
function todayInIndia(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
}

function failure(err: unknown): Record<string, string> {
  if (err instanceof ApiError) return Object.keys(err.fields).length > 0 ? err.fields : { _: err.message };
  return { _: 'Something went wrong. Please try again.' };
}

function FormProblem({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  ) : null;
}

/** "Add follow-up": what was said, and the date to call the client again (typed DD/MM/YYYY or picked). */
export function AddFollowUpDialog({
  planId,
  planNumber,
  clientName,
  onClose,
}: {
  planId: string;
  planNumber: string;
  clientName: string;
  onClose: (saved: boolean) => void;
}) {
  const [nextDate, setNextDate] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddFollowUp(planId);
  const busy = add.isPending;
  const today = todayInIndia();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const typed = readTypedDate(nextDate);
    if (!nextDate) found.next_date = 'Next follow-up date is required.';
    else if (typed.kind === 'invalid')
      found.next_date = dateProblemMessage('Next follow-up date', typed.problem);
    else if (nextDate < today) {
      found.next_date = `Next follow-up date must be today (${formatDate(today)}) or later.`;
    }
    if (!note.trim()) found.note = 'Note is required: what was said, or what is to be done.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await add.mutateAsync({ nextDate, note: note.trim() });
      onClose(true);
    } catch (err) {
      setErrors(failure(err));
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !busy && onClose(false)}
      title="Add follow-up"
      footer={
        <>
          <Button variant="secondary" onClick={() => onClose(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="follow-up-form" busy={busy}>
            Save follow-up
          </Button>
        </>
      }
    >
      <form id="follow-up-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          {clientName} · {planNumber}
        </p>
        <FormProblem message={errors._} />
        <DateField
          label="Next follow-up date"
          required
          value={nextDate}
          min={today}
          onChange={(e) => setNextDate(e.target.value)}
          error={errors.next_date}
        />
        <TextAreaField
          label="Note"
          required
          maxLength={FOLLOW_UP_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={errors.note}
          placeholder="For example: will pay after salary on the 1st; call in the evening"
        />
      </form>
    </Modal>
  );
}

/**
 * "Mark lost", with why (issue 27 item 4): the plan lapses (a policy) or closes (an investment), leaves the
 * work-list and no more reminders go out. Destructive, so it asks in its own words before it is done.
 */
export function MarkLostDialog({
  planId,
  planNumber,
  clientName,
  investment,
  onClose,
}: {
  planId: string;
  planNumber: string;
  clientName: string;
  investment: boolean;
  onClose: (lost: boolean) => void;
}) {
  const [reason, setReason] = useState<LostReason | ''>('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const lose = useMarkLost();
  const busy = lose.isPending;
  const groupId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!reason) found.reason = 'Choose why the plan was lost.';
    else if (reason === 'other' && !text.trim()) found.reason_text = 'Say why the plan was lost.';
    setErrors(found);
    if (!reason || Object.keys(found).length > 0) return;
    try {
      await lose.mutateAsync({ planId, reason, reasonText: text });
      onClose(true);
    } catch (err) {
      setErrors(failure(err));
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !busy && onClose(false)}
      title="Mark this plan lost?"
      footer={
        <>
          <Button variant="secondary" onClick={() => onClose(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="lost-form" variant="danger" busy={busy}>
            Mark lost
          </Button>
        </>
      }
    >
      <form id="lost-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          {planNumber} of {clientName} will be marked {investment ? 'closed' : 'lapsed'}, leave the work-list,
          and no more reminders will go out for it.
        </p>
        <FormProblem message={errors._} />
        <fieldset aria-describedby={errors.reason ? `${groupId}-error` : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-800">Why was it lost?</legend>
          <div className="flex flex-col gap-1">
            {LOST_REASONS.map((r) => (
              <label
                key={r}
                className={cn(
                  'flex min-h-10 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm',
                  reason === r ? 'border-primary-600 bg-primary-50' : 'border-slate-200 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  name={`${groupId}-reason`}
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="size-4 accent-primary-700"
                />
                {LOST_REASON_LABELS[r]}
              </label>
            ))}
          </div>
          {errors.reason ? (
            <p id={`${groupId}-error`} className="mt-1 text-sm text-red-700">
              {errors.reason}
            </p>
          ) : null}
        </fieldset>
        {reason === 'other' ? (
          <TextAreaField
            label="Reason"
            required
            maxLength={LOST_REASON_TEXT_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={errors.reason_text}
            placeholder="For example: the family moved abroad"
          />
        ) : null}
      </form>
    </Modal>
  );
}
