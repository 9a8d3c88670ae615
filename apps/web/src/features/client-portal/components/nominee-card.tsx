import type { PlanDetail } from '@portal/contract';
import { Mail, Phone } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/detail-field.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useClientT } from './client-words.ts';
import { usePlansT } from './plan-words.ts';

/** A plan's Nominee Details card, or 'No Nominee Details' (spec §2 Plan details). */
export function NomineeCard({ nominee }: { nominee: PlanDetail['nominee'] }) {
  const t = usePlansT();
  const tc = useClientT();
  const format = useFormat();
  return (
    <Card region title={t('nominee.title')}>
      {nominee ? (
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <Field label={t('nominee.fullName')} value={nominee.full_name} />
          <Field
            label={t('nominee.relation')}
            value={
              nominee.relation ? tc(`relation.${nominee.relation}`, { defaultValue: nominee.relation }) : null
            }
          />
          <Field label={t('nominee.dob')} value={nominee.dob ? format.date(nominee.dob) : null} />
          <Field
            label={t('nominee.phone')}
            value={
              nominee.phone_number ? (
                <a
                  href={`tel:${nominee.phone_number}`}
                  className="inline-flex items-center gap-1 text-primary-700 hover:underline"
                >
                  <Phone className="size-3.5" aria-hidden /> {nominee.phone_number}
                </a>
              ) : null
            }
          />
          <Field
            label={t('nominee.email')}
            value={
              nominee.email ? (
                <a
                  href={`mailto:${nominee.email}`}
                  className="inline-flex items-center gap-1 break-all text-primary-700 hover:underline"
                >
                  <Mail className="size-3.5" aria-hidden /> {nominee.email}
                </a>
              ) : null
            }
          />
        </dl>
      ) : (
        <p className="text-sm text-slate-600">{t('nominee.none')}</p>
      )}
    </Card>
  );
}
