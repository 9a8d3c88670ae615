import {
  CLAIM_STATUS_LABELS,
  type ClaimDetail,
  type ClaimStatus,
  type ClaimStatusChangeInput,
} from '@portal/contract';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/toast.ts';
import { useMoveClaim } from '../api/get-claim.ts';

function todayInIndia(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
}

/** Steps that end a claim or refuse it: asked again before they are sent. */
const DESTRUCTIVE: readonly ClaimStatus[] = ['withdrawn', 'closed', 'rejected'];

const CONFIRM: Partial<Record<ClaimStatus, string>> = {
  withdrawn: 'A withdrawn claim is at its end: its status can no longer change.',
  closed: 'A closed claim is at its end: its status can no longer change.',
  rejected:
    'The rejection and its reason are kept in the claim’s timeline; a rejected claim can only be closed.',
};

interface DeductionRow {
  key: number;
  reason: string;
  amount: string;
}

/** The API's problems by field, a 409 (a step the workflow refuses) or anything else above the form. */
function failure(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return { _: 'Something went wrong. Please try again.' };
  return Object.keys(err.fields).length > 0 ? err.fields : { _: err.message };
}

/**
 * "Move claim" (issue 28): only the statuses the workflow allows from where the claim is, the day of the step
 * (not after today nor before its last step), a note, and what the step needs: the approved amount, the settled
 * amount, deductions with their reasons, the reason of a rejection. Withdraw, close and reject are confirmed.
 */
export function MoveClaimDialog({ claim, onClose }: { claim: ClaimDetail; onClose: () => void }) {
  const today = todayInIndia();
  const options = claim.next_statuses;
  const [to, setTo] = useState<ClaimStatus | ''>(options.length === 1 ? options[0]! : '');
  const [on, setOn] = useState(today);
  const [note, setNote] = useState('');
  const [approved, setApproved] = useState('');
  const [settled, setSettled] = useState(claim.approved_amount ?? '');
  const [reason, setReason] = useState('');
  const [number, setNumber] = useState('');
  const [deductions, setDeductions] = useState<DeductionRow[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const move = useMoveClaim(claim.id);
  const busy = move.isPending;
  const approving = to === 'approved' || to === 'partly_approved';
  const takesDeductions = approving || to === 'settled';

  function check(): boolean {
    const found: Record<string, string> = {};
    if (!to) found.to = 'Choose where the claim goes.';
    if (!on) found.on = 'Date is required.';
    else if (on > today) found.on = `Date cannot be after today (${formatDate(today)}).`;
    else if (on < claim.status_on)
      found.on = `Date cannot be before the claim's last step (${formatDate(claim.status_on)}).`;
    if (approving && !approved.trim())
      found.approved_amount = 'Approved Amount is required to approve a claim.';
    if (to === 'settled' && !settled.trim())
      found.settled_amount = 'Settled Amount is required to settle a claim.';
    if (to === 'rejected' && !reason.trim())
      found.rejection_reason = 'Rejection Reason is required to reject a claim.';
    if (takesDeductions) {
      deductions.forEach((d, i) => {
        if (!d.reason.trim()) found[`deductions.${i}.reason`] = 'Deduction Reason is required.';
        if (!d.amount.trim()) found[`deductions.${i}.amount`] = 'Deduction Amount is required.';
      });
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  async function send() {
    if (!to) return;
    const input: ClaimStatusChangeInput = {
      to,
      on,
      note: note.trim() || undefined,
      insurer_claim_number: number.trim() || undefined,
      ...(approving ? { approved_amount: approved.trim() } : {}),
      ...(to === 'settled' ? { settled_amount: settled.trim() } : {}),
      ...(to === 'rejected' ? { rejection_reason: reason.trim() } : {}),
      ...(takesDeductions && deductions.length > 0
        ? { deductions: deductions.map((d) => ({ reason: d.reason.trim(), amount: d.amount.trim() })) }
        : {}),
    };
    try {
      await move.mutateAsync(input);
      notify('success', `Claim moved to ${CLAIM_STATUS_LABELS[to].toLowerCase()}.`);
      onClose();
    } catch (err) {
      setErrors(failure(err));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!check()) return;
    if (to && DESTRUCTIVE.includes(to)) setConfirming(true);
    else void send();
  }

  const setDeduction = (i: number, row: Partial<DeductionRow>) =>
    setDeductions(deductions.map((d, j) => (j === i ? { ...d, ...row } : d)));

  return (
    <>
      <Modal
        open
        onOpenChange={(open) => !open && !busy && !confirming && onClose()}
        title="Move claim"
        footer={
          <>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button
              type="submit"
              form="move-claim-form"
              busy={busy}
              variant={to && DESTRUCTIVE.includes(to) ? 'danger' : 'primary'}
            >
              {to ? `Move to ${CLAIM_STATUS_LABELS[to].toLowerCase()}` : 'Move claim'}
            </Button>
          </>
        }
      >
        <form id="move-claim-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
          <p className="text-sm text-slate-600">
            Now {CLAIM_STATUS_LABELS[claim.status].toLowerCase()} since {formatDate(claim.status_on)}.
          </p>
          {errors._ ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {errors._}
            </p>
          ) : null}
          <SelectField
            label="Move To"
            required
            placeholder="Choose the next status"
            options={options}
            optionLabels={CLAIM_STATUS_LABELS}
            value={to}
            onChange={(e) => {
              setTo(e.target.value as ClaimStatus | '');
              setErrors({});
            }}
            error={errors.to}
          />
          <DateField
            label="Date"
            required
            value={on}
            min={claim.status_on}
            max={today}
            onChange={(e) => setOn(e.target.value)}
            error={errors.on}
          />
          {approving ? (
            <TextField
              label="Approved Amount (₹)"
              required
              inputMode="decimal"
              value={approved}
              onChange={(e) => setApproved(e.target.value)}
              error={errors.approved_amount}
              hint={claim.claimed_amount ? `Claimed ${formatMoney(claim.claimed_amount)}` : undefined}
            />
          ) : null}
          {to === 'settled' ? (
            <TextField
              label="Settled Amount (₹)"
              required
              inputMode="decimal"
              value={settled}
              onChange={(e) => setSettled(e.target.value)}
              error={errors.settled_amount}
            />
          ) : null}
          {to === 'rejected' ? (
            <TextAreaField
              label="Rejection Reason"
              required
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={errors.rejection_reason}
              placeholder="As the insurer's letter gives it"
            />
          ) : null}
          {takesDeductions ? (
            <fieldset className="flex flex-col gap-3">
              <legend className="text-sm font-medium text-slate-800">Deductions</legend>
              {deductions.map((d, i) => (
                <div
                  key={d.key}
                  className="grid grid-cols-[1fr_auto] items-start gap-2 sm:grid-cols-[1fr_8rem_auto]"
                >
                  <TextField
                    label={`Reason ${i + 1}`}
                    value={d.reason}
                    onChange={(e) => setDeduction(i, { reason: e.target.value })}
                    error={errors[`deductions.${i}.reason`]}
                    className="col-span-1"
                  />
                  <TextField
                    label="Amount (₹)"
                    inputMode="decimal"
                    value={d.amount}
                    onChange={(e) => setDeduction(i, { amount: e.target.value })}
                    error={errors[`deductions.${i}.amount`]}
                  />
                  <Button
                    variant="ghost"
                    aria-label={`Remove deduction ${i + 1}`}
                    className="mt-6 px-2"
                    onClick={() => setDeductions(deductions.filter((_, j) => j !== i))}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </div>
              ))}
              {errors.deductions ? (
                <p role="alert" className="text-sm text-red-700">
                  {errors.deductions}
                </p>
              ) : null}
              <Button
                variant="secondary"
                className="self-start"
                onClick={() =>
                  setDeductions([
                    ...deductions,
                    { key: (deductions.at(-1)?.key ?? 0) + 1, reason: '', amount: '' },
                  ])
                }
              >
                <Plus className="size-4" aria-hidden />
                Add deduction
              </Button>
            </fieldset>
          ) : null}
          {claim.insurer_claim_number ? null : (
            <TextField
              label="Insurer Claim Number"
              optional
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              error={errors.insurer_claim_number}
            />
          )}
          <TextAreaField
            label="Note"
            optional
            value={note}
            onChange={(e) => setNote(e.target.value)}
            error={errors.note}
          />
        </form>
      </Modal>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={to ? `Move this claim to ${CLAIM_STATUS_LABELS[to].toLowerCase()}?` : 'Move this claim?'}
        description={to ? CONFIRM[to] : undefined}
        confirmLabel={to ? `Move to ${CLAIM_STATUS_LABELS[to].toLowerCase()}` : 'Move'}
        destructive
        onConfirm={() => {
          setConfirming(false);
          void send();
        }}
      />
    </>
  );
}
