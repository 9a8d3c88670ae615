import { plainAmount, type RenewalItem } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { dateProblemMessage, readTypedDate } from '../../../lib/typed-date.ts';
import { useInsurers } from '../api/get-insurers.ts';
import { useMarkRenewed } from '../api/mark-renewed.ts';

const MAX_PDF_BYTES = 10 * 1024 * 1024;

/** A year after the current end date, the usual term, as the form's starting value. */
function nextYear(endDate: string | null): string {
  if (!endDate) return '';
  const [y, m, d] = endDate.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  return next.toISOString().slice(0, 10);
}

/** The form's own check of a rupee amount as people type it ("13,500"); the API checks it again. */
function premiumProblem(text: string): string | null {
  const money = plainAmount(text);
  if (!money) return null;
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(money)) {
    return 'New Premium must be an amount in rupees of 0 or more, with at most 2 decimals.';
  }
  return Number(money) > 0 ? null : 'New Premium must be more than 0.';
}

/**
 * "Mark renewed": the new end date (required), the renewed policy's PDF and a note (optional); for a policy, the
 * new term's premium, policy number and insurer when they changed (decision 041).
 */
export function RenewDialog({
  item,
  onClose,
  onDone,
}: {
  item: RenewalItem;
  onClose: () => void;
  onDone: (updated: RenewalItem) => void;
}) {
  const [endDate, setEndDate] = useState(() => nextYear(item.end_date));
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [premium, setPremium] = useState('');
  const [policyNumber, setPolicyNumber] = useState('');
  const [providerId, setProviderId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const renew = useMarkRenewed();
  const busy = renew.isPending;
  const investment = item.plan_type === 'investment';
  const dateLabel = investment ? 'New maturity date' : 'New end date';
  const insurers = useInsurers(!investment);
  // The plan's own insurer is the choice "unchanged"; the others of its service can be chosen.
  const others = (insurers.data ?? []).filter(
    (p) => p.service_code === item.service_code && p.provider_name !== item.provider_name,
  );
  const insurerNames = Object.fromEntries(others.map((p) => [p.provider_id, p.provider_name]));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const typed = readTypedDate(endDate);
    if (!endDate) found.new_end_date = 'New end date is required.';
    else if (typed.kind === 'invalid') found.new_end_date = dateProblemMessage(dateLabel, typed.problem);
    else if (item.end_date && endDate <= item.end_date) {
      found.new_end_date = `New end date must be after the current end date (${formatDate(item.end_date)}).`;
    }
    const premiumError = investment ? null : premiumProblem(premium);
    if (premiumError) found.new_premium = premiumError;
    if (policyNumber.trim().length > 60) {
      found.new_policy_number = 'New Policy Number must be at most 60 characters.';
    }
    if (file && file.size > MAX_PDF_BYTES) found.document = 'Document must be at most 10 MiB.';
    if (file && !/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') {
      found.document = 'Document must be a PDF file.';
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      onDone(
        await renew.mutateAsync({
          planId: item.plan_id,
          newEndDate: endDate,
          note,
          document: file,
          ...(investment
            ? {}
            : {
                newPremium: plainAmount(premium),
                newPolicyNumber: policyNumber.trim(),
                newProviderId: providerId,
              }),
        }),
      );
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(Object.keys(err.fields).length > 0 ? err.fields : { _: err.message });
      } else {
        setErrors({ _: 'Something went wrong. Please try again.' });
      }
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={investment ? 'Mark investment renewed' : 'Mark policy renewed'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="renew-form" busy={busy}>
            Save renewal
          </Button>
        </>
      }
    >
      <form id="renew-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          {item.client_name}
          {item.family_member ? ` (for ${item.family_member})` : ''} · {item.plan_number} with{' '}
          {item.provider_name}. Current end date: {formatDate(item.end_date)}.
        </p>
        {errors._ ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {errors._}
          </p>
        ) : null}
        <DateField
          label={dateLabel}
          required
          value={endDate}
          min={item.end_date ?? undefined}
          onChange={(e) => setEndDate(e.target.value)}
          error={errors.new_end_date}
        />
        {investment ? null : (
          <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-900">The new term, if it changed</legend>
            <TextField
              label="New Premium"
              optional
              inputMode="decimal"
              autoComplete="off"
              value={premium}
              onChange={(e) => setPremium(e.target.value)}
              error={errors.new_premium}
              hint={
                premium.trim() && !premiumProblem(premium)
                  ? `${formatMoney(item.amount)} → ${formatMoney(plainAmount(premium))}`
                  : `Now ${formatMoney(item.amount)}. In rupees; leave blank if unchanged.`
              }
            />
            <TextField
              label="New Policy Number"
              optional
              autoComplete="off"
              maxLength={60}
              value={policyNumber}
              onChange={(e) => setPolicyNumber(e.target.value)}
              error={errors.new_policy_number}
              hint={`Now ${item.plan_number}. Leave blank if unchanged.`}
            />
            <SelectField
              label="New Insurer"
              optional
              value={providerId}
              onChange={(e) => setProviderId(e.target.value)}
              error={
                errors.new_provider_id ??
                (insurers.isError ? 'The insurance companies could not be loaded.' : undefined)
              }
              options={others.map((p) => p.provider_id)}
              optionLabels={insurerNames}
              placeholder={insurers.isPending ? 'Loading companies…' : `Unchanged: ${item.provider_name}`}
              disabled={insurers.isPending}
            />
          </fieldset>
        )}
        <TextField
          label={investment ? 'New statement (PDF)' : 'Renewed policy (PDF)'}
          type="file"
          optional
          accept="application/pdf,.pdf"
          hint="Replaces the plan's document; at most 10 MiB."
          error={errors.document}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="file:mr-3 file:rounded file:border-0 file:bg-primary-50 file:px-3 file:py-1 file:text-primary-800"
        />
        <TextAreaField
          label="Note"
          optional
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={errors.note}
          placeholder="For example: paid online, receipt sent on WhatsApp"
        />
      </form>
    </Modal>
  );
}
