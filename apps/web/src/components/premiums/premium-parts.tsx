import type { PremiumDues, PremiumPayment } from '@portal/contract';
import { Download } from 'lucide-react';
import { createContext, use, useState } from 'react';
import { apiBlob } from '../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { notify } from '../../lib/toast.ts';
import { saveBlob } from '../documents/save-blob.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';

// A plan's premium dues (issue 27, decision 038) as the workspace and the client area both show them: the facts,
// the state in colour and words together (visual language), what the state means, and the premiums paid.

export const PREMIUM_STATE_TONE: Record<PremiumDues['state'], 'green' | 'amber' | 'red' | 'blue' | 'slate'> =
  {
    due: 'green',
    grace: 'amber',
    lapsed: 'red',
    paid_up: 'blue',
    single_premium: 'slate',
    none: 'slate',
  };

/**
 * The words and formats of these parts. English by default (the workspace's); the client area gives them in the
 * client's language (issue 30) through `PremiumWordsProvider`.
 */
export const PREMIUM_WORDS = {
  date: (value: string | null) => formatDate(value),
  money: (value: string | number | null) => formatMoney(value),
  grace: (due: string, until: string) =>
    `The premium due ${due} is unpaid: pay it by ${until} to keep the cover.`,
  lapsedRevival: (due: string, until: string) =>
    `The premium due ${due} was not paid in the grace period. The policy can be revived until ${until}.`,
  lapsed: (due: string) => `The premium due ${due} was not paid in the grace period.`,
  paidUp: 'Every premium of the paying term is paid.',
  singlePremium: 'Paid once at the start: no more premiums fall due.',
  none: 'No regular premium or instalment falls due on this plan.',
  noPayments: 'No premium has been marked paid yet.',
  premiumsPaid: 'Premiums paid',
  dueDate: 'Due date',
  paidOn: 'Paid on',
  amount: 'Amount',
  receipt: 'Receipt',
  recordedBy: 'Recorded by',
  pdfKept: ' · PDF kept',
  paidLine: (paidOn: string, receipt: string) => `Paid ${paidOn} · Receipt ${receipt}`,
  by: (name: string) => ` · by ${name}`,
  downloadFailed: (reason: string) => `Download failed: ${reason}`,
  receiptLabel: (receipt: string) => `Download receipt ${receipt} (PDF)`,
  premiumMode: 'Premium Mode',
  premium: 'Premium',
  eachInstalment: 'Each instalment',
  perYear: 'Per year',
  nextDue: 'Next due',
  payingTerm: 'Paying term',
  years: (years: number) => `${years} years`,
  mode: (mode: string) => mode,
  state: (dues: PremiumDues) => dues.state_label,
};
export type PremiumWords = typeof PREMIUM_WORDS;

const PremiumWordsContext = createContext<PremiumWords>(PREMIUM_WORDS);
export const PremiumWordsProvider = PremiumWordsContext.Provider;

/** A sentence on what the state means for the client, where it needs one. */
export function standingLine(dues: PremiumDues, w: PremiumWords = PREMIUM_WORDS): string | null {
  switch (dues.state) {
    case 'grace':
      return w.grace(w.date(dues.next_due_date), w.date(dues.grace_until));
    case 'lapsed':
      return dues.revival_until
        ? w.lapsedRevival(w.date(dues.next_due_date), w.date(dues.revival_until))
        : w.lapsed(w.date(dues.next_due_date));
    case 'paid_up':
      return w.paidUp;
    case 'single_premium':
      return w.singlePremium;
    case 'none':
      return w.none;
    default:
      return null;
  }
}

/** Where a payment's receipt PDF is fetched from: the workspace's plan or the client's own (decision 041). */
export interface ReceiptSource {
  area: 'workspace' | 'client';
  planId: string;
}

/** The receipt PDF saved as its receipt number. */
export const receiptFileName = (receiptNumber: string) =>
  `receipt-${receiptNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;

/** Downloads one payment's receipt PDF (streamed by the API, decrypted) and saves it. */
function ReceiptDownload({ source, payment }: { source: ReceiptSource; payment: PremiumPayment }) {
  const [busy, setBusy] = useState(false);
  const w = use(PremiumWordsContext);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await apiBlob(
        source.area === 'workspace' ? 'planPremiumReceipt' : 'clientPremiumReceipt',
        {
          params: { id: source.planId, paymentId: payment.id },
          quiet: true,
        },
      );
      saveBlob(blob, receiptFileName(payment.receipt_number));
    } catch (err) {
      notify('error', w.downloadFailed((err as Error).message));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="ghost"
      busy={busy}
      onClick={() => void download()}
      aria-label={w.receiptLabel(payment.receipt_number)}
      className="min-h-8 px-2 py-1 text-primary-700 hover:bg-primary-50"
    >
      <Download className="size-4" aria-hidden /> PDF
    </Button>
  );
}

/** The premiums paid: a table on a desk, stacked cards on a phone (visual language). */
export function PaymentHistory({
  payments,
  showRecorder,
  receipts,
}: {
  payments: PremiumPayment[];
  showRecorder: boolean;
  /** Where receipts are downloaded from; without it a receipt kept is only said to be kept. */
  receipts?: ReceiptSource;
}) {
  const w = use(PremiumWordsContext);
  if (payments.length === 0) {
    return <p className="text-sm text-slate-600">{w.noPayments}</p>;
  }
  const dues = (p: PremiumPayment) =>
    p.instalments === 1
      ? w.date(p.due_date)
      : `${w.date(p.due_date)} – ${w.date(p.last_due_date)} (${p.instalments})`;
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">{w.premiumsPaid}</caption>
        <thead className="border-b border-slate-200 text-xs font-medium text-slate-500 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {w.dueDate}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {w.paidOn}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {w.amount}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {w.receipt}
            </th>
            {showRecorder ? (
              <th scope="col" className="py-2 font-medium">
                {w.recordedBy}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 tabular-nums">
          {payments.map((p) => (
            <tr key={p.id}>
              <td className="py-2 pr-3 text-slate-900">{dues(p)}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{w.date(p.paid_on)}</td>
              <td className="py-2 pr-3 text-right whitespace-nowrap text-slate-900">{w.money(p.amount)}</td>
              <td className="py-2 pr-3 break-words">
                {p.receipt_number}
                {p.receipt_attached ? (
                  receipts ? (
                    <>
                      {' '}
                      <ReceiptDownload source={receipts} payment={p} />
                    </>
                  ) : (
                    <span className="text-slate-500">{w.pdfKept}</span>
                  )
                ) : null}
              </td>
              {showRecorder ? <td className="py-2">{p.recorded_by ?? '—'}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col gap-2 md:hidden" aria-label={w.premiumsPaid}>
        {payments.map((p) => (
          <li key={p.id} className="rounded-lg border border-slate-200 p-3 text-sm tabular-nums">
            <div className="flex items-baseline justify-between gap-2">
              <span className="font-medium text-slate-900">{dues(p)}</span>
              <span className="font-medium text-slate-900">{w.money(p.amount)}</span>
            </div>
            <p className="mt-1 break-words text-slate-600">
              {w.paidLine(w.date(p.paid_on), p.receipt_number)}
              {p.receipt_attached && !receipts ? w.pdfKept : ''}
              {showRecorder && p.recorded_by ? w.by(p.recorded_by) : ''}
            </p>
            {p.receipt_attached && receipts ? (
              <div className="mt-1 -ml-2">
                <ReceiptDownload source={receipts} payment={p} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

export function DuesFacts({ dues }: { dues: PremiumDues }) {
  const w = use(PremiumWordsContext);
  const facts: Array<[string, string]> = [
    [w.premiumMode, w.mode(dues.premium_mode)],
    [dues.premium_mode === 'Single premium' ? w.premium : w.eachInstalment, w.money(dues.instalment_amount)],
    [w.perYear, w.money(dues.annual_premium)],
    [w.nextDue, dues.next_due_date ? w.date(dues.next_due_date) : '—'],
  ];
  if (dues.premium_term_years !== null) facts.push([w.payingTerm, w.years(dues.premium_term_years)]);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className="text-sm font-medium break-words text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The state's badge: its colour and its words. */
export function PremiumStateBadge({ dues }: { dues: PremiumDues }) {
  const w = use(PremiumWordsContext);
  return <Badge tone={PREMIUM_STATE_TONE[dues.state]}>{w.state(dues)}</Badge>;
}

/** The state's sentence in a tinted box when a premium is missed, plain text otherwise. */
export function StandingNote({ dues }: { dues: PremiumDues }) {
  const line = standingLine(dues, use(PremiumWordsContext));
  if (!line) return null;
  const tint =
    dues.state === 'lapsed'
      ? 'rounded-md bg-red-50 px-3 py-2 text-sm text-red-800'
      : dues.state === 'grace'
        ? 'rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900'
        : 'text-sm text-slate-600';
  return <p className={tint}>{line}</p>;
}
