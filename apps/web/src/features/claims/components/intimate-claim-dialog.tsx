import {
  CLAIM_FIELD_LABELS,
  CLAIM_GROUP_FIELDS,
  CLAIM_KIND_LABELS,
  CLAIM_REQUIRED_FIELDS,
  type ClaimKind,
  claimFieldGroup,
  type DetailField,
} from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/toast.ts';
import { useIntimateClaim } from '../api/intimate-claim.ts';

function todayInIndia(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
}

/** The API's problems by field: `details.hospital` is shown at Hospital. */
function failure(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return { _: 'Something went wrong. Please try again.' };
  const fields = Object.fromEntries(
    Object.entries(err.fields).map(([k, v]) => [k.replace(/^details\./, ''), v]),
  );
  return Object.keys(fields).length > 0 ? fields : { _: err.message };
}

/**
 * "Intimate claim" on a policy (issue 28): its kind (those of the policy's service), the day the insurer was told,
 * the amount claimed, the insurer's claim number when known, and the kind's own fields.
 */
export function IntimateClaimDialog({
  planId,
  kinds,
  onClose,
}: {
  planId: string;
  kinds: readonly ClaimKind[];
  onClose: () => void;
}) {
  const today = todayInIndia();
  const [kind, setKind] = useState<ClaimKind | ''>(kinds.length === 1 ? kinds[0]! : '');
  const [intimatedOn, setIntimatedOn] = useState(today);
  const [claimed, setClaimed] = useState('');
  const [number, setNumber] = useState('');
  const [note, setNote] = useState('');
  const [details, setDetails] = useState<Partial<Record<DetailField, string>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const intimate = useIntimateClaim();
  const busy = intimate.isPending;
  const fields = kind ? CLAIM_GROUP_FIELDS[claimFieldGroup(kind)] : [];
  const required = new Set((kind ? (CLAIM_REQUIRED_FIELDS[kind] ?? []) : []).map(([f]) => f));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!kind) found.kind = 'Claim Kind is required.';
    if (!intimatedOn) found.intimated_on = 'Intimated On is required.';
    else if (intimatedOn > today)
      found.intimated_on = `Intimated On cannot be after today (${formatDate(today)}).`;
    for (const f of required) {
      if (!details[f]?.trim()) found[f] = `${CLAIM_FIELD_LABELS[f]} is required for this claim.`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !kind) return;
    const sent = Object.fromEntries(fields.map((f) => [f, details[f]?.trim() || undefined]));
    try {
      await intimate.mutateAsync({
        plan_id: planId,
        kind,
        intimated_on: intimatedOn,
        claimed_amount: claimed.trim() || undefined,
        insurer_claim_number: number.trim() || undefined,
        note: note.trim() || undefined,
        details: sent,
      });
      notify('success', 'Claim intimated.');
      onClose();
    } catch (err) {
      setErrors(failure(err));
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Intimate claim"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="intimate-claim-form" busy={busy}>
            Intimate claim
          </Button>
        </>
      }
    >
      <form id="intimate-claim-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        {errors._ ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {errors._}
          </p>
        ) : null}
        <SelectField
          label="Claim Kind"
          required
          placeholder="Choose the kind of claim"
          options={kinds}
          optionLabels={CLAIM_KIND_LABELS}
          value={kind}
          onChange={(e) => setKind(e.target.value as ClaimKind | '')}
          error={errors.kind}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField
            label="Intimated On"
            required
            value={intimatedOn}
            max={today}
            onChange={(e) => setIntimatedOn(e.target.value)}
            error={errors.intimated_on}
          />
          <TextField
            label="Claimed Amount (₹)"
            optional
            inputMode="decimal"
            value={claimed}
            onChange={(e) => setClaimed(e.target.value)}
            error={errors.claimed_amount}
          />
        </div>
        <TextField
          label="Insurer Claim Number"
          optional
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          error={errors.insurer_claim_number}
        />
        {fields.length > 0 ? (
          <div className="grid gap-4 sm:grid-cols-2">
            {fields.map((f) =>
              f.endsWith('_date') ? (
                <DateField
                  key={f}
                  label={CLAIM_FIELD_LABELS[f]}
                  required={required.has(f)}
                  optional={!required.has(f)}
                  value={details[f] ?? ''}
                  max={today}
                  onChange={(e) => setDetails({ ...details, [f]: e.target.value })}
                  error={errors[f]}
                />
              ) : (
                <TextField
                  key={f}
                  label={CLAIM_FIELD_LABELS[f]}
                  required={required.has(f)}
                  optional={!required.has(f)}
                  value={details[f] ?? ''}
                  onChange={(e) => setDetails({ ...details, [f]: e.target.value })}
                  error={errors[f]}
                />
              ),
            )}
          </div>
        ) : null}
        <TextAreaField
          label="Note"
          optional
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={errors.note}
          placeholder="For example: called from the hospital desk; TPA desk asked for the health card"
        />
      </form>
    </Modal>
  );
}
