import {
  addMoney,
  dueDatesPaid,
  indiaDate,
  MAX_INSTALMENTS_AT_ONCE,
  type PlanPremiums,
  plainAmount,
  scheduleOf,
  type WorkspacePlanDetail,
} from '@portal/contract';
import { type FormEvent, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/toast.ts';
import { dateProblemMessage, readTypedDate } from '../../../lib/typed-date.ts';
import { useMarkPremiumPaid } from '../api/mark-premium-paid.ts';

const MAX_PDF_BYTES = 10 * 1024 * 1024;

/** The amount of `count` instalments, exactly, as the form's starting value. */
function amountOf(instalment: string | null, count: number): string {
  if (!instalment) return '';
  let total = '0.00';
  for (let i = 0; i < count; i += 1) total = addMoney(total, instalment);
  return total;
}

/** The due dates a payment covers in words: each of a few, else the first two and the last. */
export function coveredLine(dues: readonly string[]): string {
  if (dues.length <= 4) return dues.map((d) => formatDate(d)).join(', ');
  return `${formatDate(dues[0])}, ${formatDate(dues[1])} … ${formatDate(dues[dues.length - 1])}`;
}

/** How a payment is counted: a number of instalments, or every one up to a due date (the API's `up_to`). */
type PayBy = 'count' | 'date';

/**
 * "Mark premium paid": the date paid, the amount, the receipt number, how many instalments (a count, or "paid up
 * to" a due date, decision 041), the receipt's PDF.
 */
export function MarkPremiumDialog({
  plan,
  premiums,
  onClose,
}: {
  plan: WorkspacePlanDetail;
  premiums: PlanPremiums;
  onClose: () => void;
}) {
  const today = indiaDate();
  const { dues } = premiums;
  const [paidOn, setPaidOn] = useState(today);
  const [count, setCount] = useState('1');
  const [payBy, setPayBy] = useState<PayBy>('count');
  const [upTo, setUpTo] = useState('');
  const [amount, setAmount] = useState(() => amountOf(dues.instalment_amount, 1));
  const [amountTouched, setAmountTouched] = useState(false);
  const [receiptNumber, setReceiptNumber] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mark = useMarkPremiumPaid();
  const busy = mark.isPending;

  const typedCount = /^\d{1,3}$/.test(count.trim()) ? Number(count.trim()) : null;
  // The due dates still to pay, from the next one, by the same rules as the API (contract's premium-schedule.ts).
  const upcoming = useMemo(() => {
    if (!dues.next_due_date) return [];
    const schedule = scheduleOf({
      category: plan.plan_kind,
      serviceCode: plan.service_code.toLowerCase(),
      startDate: plan.start_date ?? plan.end_date ?? today,
      endDate: plan.end_date,
      subtypeFields: plan.subtype_fields,
    });
    return dueDatesPaid(schedule, dues.next_due_date, MAX_INSTALMENTS_AT_ONCE);
  }, [plan, dues.next_due_date, today]);
  const instalments =
    payBy === 'date' ? (upTo ? upcoming.filter((d) => d <= upTo).length : null) : typedCount;
  // Which due dates the payment covers.
  const covered = instalments === null || instalments < 1 ? [] : upcoming.slice(0, instalments);
  const total = covered.length > 0 ? amountOf(dues.instalment_amount, covered.length) : '';

  function counted(n: number | null) {
    if (!amountTouched && n !== null && n >= 1) setAmount(amountOf(dues.instalment_amount, n));
  }

  function changeCount(value: string) {
    setCount(value);
    counted(/^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : null);
  }

  function changePayBy(value: PayBy) {
    setPayBy(value);
    if (value === 'date') {
      const first = upTo || upcoming[0] || '';
      setUpTo(first);
      counted(first ? upcoming.filter((d) => d <= first).length : null);
    } else {
      counted(typedCount);
    }
  }

  function changeUpTo(value: string) {
    setUpTo(value);
    counted(value ? upcoming.filter((d) => d <= value).length : null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const typed = readTypedDate(paidOn);
    if (!paidOn) found.paid_on = 'Date Paid is required.';
    else if (typed.kind === 'invalid') found.paid_on = dateProblemMessage('Date Paid', typed.problem);
    else if (paidOn > today) found.paid_on = `Date Paid cannot be after today (${formatDate(today)}).`;
    const money = plainAmount(amount);
    if (!money) found.amount = 'Amount is required.';
    else if (!/^\d{1,12}(\.\d{1,2})?$/.test(money) || Number(money) <= 0) {
      found.amount = 'Amount must be an amount in rupees of more than 0, with at most 2 decimals.';
    }
    if (!receiptNumber.trim()) found.receipt_number = 'Receipt Number is required.';
    if (payBy === 'date') {
      if (!upTo || covered.length === 0) found.up_to = 'Choose the due date this payment pays up to.';
    } else if (instalments === null || instalments < 1 || instalments > MAX_INSTALMENTS_AT_ONCE) {
      found.instalments = `Instalments must be a whole number from 1 to ${MAX_INSTALMENTS_AT_ONCE}.`;
    } else if (covered.length < instalments) {
      found.instalments = `Instalments must be at most ${covered.length}: only ${covered.length} left to pay.`;
    }
    if (file && file.size > MAX_PDF_BYTES) found.receipt = 'Receipt must be at most 10 MiB.';
    if (file && !/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') {
      found.receipt = 'Receipt must be a PDF file.';
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await mark.mutateAsync({
        planId: plan.plan_id,
        paidOn,
        amount: money,
        receiptNumber,
        ...(payBy === 'date' ? { upTo } : { instalments: instalments! }),
        receipt: file,
      });
      notify('success', answer.message);
      onClose();
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(Object.keys(err.fields).length > 0 ? err.fields : { _: err.message });
      } else {
        setErrors({ _: 'Something went wrong. Please try again.' });
      }
    }
  }

  const first = covered[0];
  const last = covered[covered.length - 1];
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Mark premium paid"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="premium-paid-form" busy={busy}>
            Save payment
          </Button>
        </>
      }
    >
      <form id="premium-paid-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          {plan.primary_client_name} · {plan.policy_number} with {plan.provider_name}. Next due:{' '}
          <span className="font-medium text-slate-900 tabular-nums">{formatDate(dues.next_due_date)}</span>
          {dues.instalment_amount
            ? ` (${formatMoney(dues.instalment_amount)} ${dues.premium_mode.toLowerCase()})`
            : ''}
          .
        </p>
        {errors._ ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {errors._}
          </p>
        ) : null}
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-slate-900">Pays</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {(
              [
                ['count', 'A number of instalments'],
                ['date', 'Up to a due date'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="inline-flex min-h-8 items-center gap-2">
                <input
                  type="radio"
                  name="pay-by"
                  value={value}
                  checked={payBy === value}
                  onChange={() => changePayBy(value)}
                  className="size-4 accent-primary-700"
                />
                {label}
              </label>
            ))}
          </div>
          {payBy === 'count' ? (
            <TextField
              label="Instalments paid"
              inputMode="numeric"
              value={count}
              onChange={(e) => changeCount(e.target.value)}
              error={errors.instalments}
              hint={
                first && last
                  ? first === last
                    ? `Pays the premium due ${formatDate(first)}.`
                    : `Pays ${covered.length} premiums due ${formatDate(first)} to ${formatDate(last)}.`
                  : 'How many premiums this payment covers, from the next due date.'
              }
            />
          ) : (
            <SelectField
              label="Paid up to"
              value={upTo}
              onChange={(e) => changeUpTo(e.target.value)}
              error={errors.up_to}
              options={upcoming}
              optionLabels={Object.fromEntries(
                upcoming.map((d, i) => [
                  d,
                  `${formatDate(d)} (${i + 1} ${i === 0 ? 'instalment' : 'instalments'})`,
                ]),
              )}
              placeholder="Choose a due date"
            />
          )}
          {covered.length > 0 ? (
            <p
              className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 tabular-nums"
              aria-live="polite"
            >
              Covers {coveredLine(covered)}.
              {dues.instalment_amount ? (
                <>
                  {' '}
                  Total:{' '}
                  <span className="font-medium text-slate-900">
                    {covered.length} × {formatMoney(dues.instalment_amount)} = {formatMoney(total)}
                  </span>
                </>
              ) : null}
            </p>
          ) : null}
        </fieldset>
        <DateField
          label="Date Paid"
          required
          value={paidOn}
          max={today}
          onChange={(e) => setPaidOn(e.target.value)}
          error={errors.paid_on}
        />
        <TextField
          label="Amount"
          inputMode="decimal"
          value={amount}
          onChange={(e) => {
            setAmountTouched(true);
            setAmount(e.target.value);
          }}
          error={errors.amount}
          hint={
            amount.trim() && Number.isFinite(Number(plainAmount(amount)))
              ? formatMoney(amount)
              : 'In rupees, up to 2 decimals.'
          }
        />
        <TextField
          label="Receipt Number"
          autoComplete="off"
          maxLength={60}
          value={receiptNumber}
          onChange={(e) => setReceiptNumber(e.target.value)}
          error={errors.receipt_number}
        />
        <TextField
          label="Receipt (PDF)"
          type="file"
          optional
          accept="application/pdf,.pdf"
          hint="At most 10 MiB."
          error={errors.receipt}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="file:mr-3 file:rounded file:border-0 file:bg-primary-50 file:px-3 file:py-1 file:text-primary-800"
        />
      </form>
    </Modal>
  );
}
