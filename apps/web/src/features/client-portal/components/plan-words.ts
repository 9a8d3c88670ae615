import {
  type PlanFieldKey,
  type PlanStatus,
  planChoiceText,
  planDateLabels,
  planFieldLabel,
  serviceLabel,
} from '@portal/contract';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { namespace, useLanguage } from '../../../i18n/i18n.ts';
import type { Language } from '../../../i18n/language.ts';
import plans from '../../../i18n/messages/en/plans.json';
import { moneyLabel, numberLabel } from './plan-rules.ts';

// The plans' vocabulary in the client's language (issue 30): services, fields, chosen values, dates, statuses.
// English is the contract's own words (plan-vocabulary.ts; a test holds plans.json to them); in Hindi a code
// the messages do not know (a service an admin added later) keeps the contract's English.

export const usePlansT = namespace('plans', plans);

const NUMBER_KEYS: Record<string, string> = {
  'Policy No.': 'number.policy',
  'Folio No.': 'number.folio',
  PRAN: 'number.pran',
  'Account No.': 'number.account',
};

export function planWords(t: TFunction, language: Language) {
  const or = (key: string, english: string) =>
    language === 'en' ? english : t(key, { defaultValue: english });
  return {
    t,
    service: (code: string) => or(`client:service.${code.toLowerCase()}`, serviceLabel(code)),
    field: (key: PlanFieldKey, planType: 'insurance' | 'investment') =>
      key === 'term' && planType === 'investment'
        ? or('field.term_investment', planFieldLabel(key, planType))
        : or(`field.${key}`, planFieldLabel(key, planType)),
    /** A chosen value in words ('third_party' → 'Third Party'); undefined when the value is shown as it is. */
    choice: (key: string, value: unknown): string | undefined => {
      const english = planChoiceText(key, value);
      if (english === undefined) return undefined;
      if (key === 'sip_day' && /^\d+$/.test(String(value)) && language !== 'en') {
        return t('sipDay', { day: String(value) });
      }
      return or(`choice.${String(value)}`, english);
    },
    /** A value from the contract's lists (Yearly, Family Floater…), else as it was written. */
    value: (text: string) => or(`value.${text}`, text),
    dates: (code: string) => {
      const english = planDateLabels(code);
      const c = code.toLowerCase();
      return {
        start: or(c === 'life' ? 'date.life.start' : 'date.start', english.start),
        end: or(c === 'life' ? 'date.life.end' : c === 'nps' ? 'date.nps.end' : 'date.end', english.end),
        endShort: or(
          c === 'life' ? 'date.life.endShort' : c === 'nps' ? 'date.nps.end' : 'date.end',
          english.endShort,
        ),
      };
    },
    status: (status: PlanStatus) => or(`client:status.${status}`, status),
    number: (plan: { plan_type: string; service_code: string }) => {
      const english = numberLabel(plan);
      return or(NUMBER_KEYS[english] ?? english, english);
    },
    money: (plan: { plan_type: string }) =>
      or(plan.plan_type === 'insurance' ? 'money.premium' : 'money.amount', moneyLabel(plan)),
    years: (count: number) => t('years', { count }),
    days: (count: number) => t('days', { count }),
    yesNo: (value: boolean) => t(value ? 'yes' : 'no'),
    /** Whose plan: a name as written, or 'Self' (the client's own) in the client's words. */
    holder: (holder: string) => (holder === 'Self' ? or('client:relation.Self', holder) : holder),
  };
}

export type PlanWords = ReturnType<typeof planWords>;

export function usePlanWords(): PlanWords {
  const t = usePlansT();
  const language = useLanguage();
  return useMemo(() => planWords(t, language), [t, language]);
}
