import type { PremiumDues, PremiumPayment } from '@portal/contract';
import { useMemo } from 'react';
import {
  DuesFacts,
  PaymentHistory,
  PREMIUM_WORDS,
  PremiumStateBadge,
  type PremiumWords,
  PremiumWordsProvider,
  StandingNote,
} from '../../../components/premiums/premium-parts.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { namespace } from '../../../i18n/i18n.ts';
import premium from '../../../i18n/messages/en/premium.json';
import { usePlanWords } from './plan-words.ts';

// A plan's premium card on the client's Plan details (decisions 038, 041), in the client's language (issue 30):
// the shared premium parts with their words given here. English keeps the parts' own words (the workspace's).

const usePremiumT = namespace('premium', premium);

export function PlanPremium({
  planId,
  dues,
  payments,
}: {
  planId: string;
  dues: PremiumDues;
  payments: PremiumPayment[];
}) {
  const t = usePremiumT();
  const words = usePlanWords();
  const format = useFormat();
  const text = useMemo<PremiumWords>(
    () =>
      format.locale === 'en'
        ? PREMIUM_WORDS
        : {
            date: (value) => format.date(value),
            money: (value) => format.money(value),
            grace: (due, until) => t('grace', { due, until }),
            lapsedRevival: (due, until) => t('lapsedRevival', { due, until }),
            lapsed: (due) => t('lapsed', { due }),
            paidUp: t('paidUp'),
            singlePremium: t('singlePremium'),
            none: t('none'),
            noPayments: t('noPayments'),
            premiumsPaid: t('premiumsPaid'),
            dueDate: t('dueDate'),
            paidOn: t('paidOn'),
            amount: t('amount'),
            receipt: t('receipt'),
            recordedBy: t('recordedBy'),
            pdfKept: t('pdfKept'),
            paidLine: (paidOn, receipt) => t('paidLine', { paidOn, receipt }),
            by: (name) => t('by', { name }),
            downloadFailed: (reason) => t('downloadFailed', { reason }),
            receiptLabel: (receipt) => t('receiptLabel', { receipt }),
            premiumMode: t('premiumMode'),
            premium: t('premium'),
            eachInstalment: t('eachInstalment'),
            perYear: t('perYear'),
            nextDue: t('nextDue'),
            payingTerm: t('payingTerm'),
            years: (count) => t('years', { count }),
            mode: (mode) => words.value(mode),
            state: (d) => t(`state.${d.state}`, { defaultValue: d.state_label }),
          },
    [format, t, words],
  );
  return (
    <PremiumWordsProvider value={text}>
      <Card region title={words.t('premium')} action={<PremiumStateBadge dues={dues} />}>
        <div className="flex flex-col gap-4">
          <DuesFacts dues={dues} />
          <StandingNote dues={dues} />
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">{words.t('paymentHistory')}</h3>
            <PaymentHistory payments={payments} showRecorder={false} receipts={{ area: 'client', planId }} />
          </div>
        </div>
      </Card>
    </PremiumWordsProvider>
  );
}
