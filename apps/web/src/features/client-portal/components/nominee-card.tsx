import type { PlanDetail } from '@portal/contract';
import { Mail, Phone } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/detail-field.tsx';
import { formatDate } from '../../../lib/format.ts';

/** A plan's Nominee Details card, or 'No Nominee Details' (spec §2 Plan details). */
export function NomineeCard({ nominee }: { nominee: PlanDetail['nominee'] }) {
  return (
    <Card region title="Nominee Details">
      {nominee ? (
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <Field label="Full Name" value={nominee.full_name} />
          <Field label="Relation" value={nominee.relation} />
          <Field label="Date of Birth" value={nominee.dob ? formatDate(nominee.dob) : null} />
          <Field
            label="Phone"
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
            label="Email"
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
        <p className="text-sm text-slate-600">No Nominee Details</p>
      )}
    </Card>
  );
}
