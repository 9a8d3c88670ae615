import type { WorkspacePlanDetail } from '@portal/contract';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Fields } from '../../../components/ui/detail-field.tsx';
import { formatDate } from '../../../lib/format.ts';
import { planRows } from './plan-info.ts';

// The read-only cards of the plan detail: plan information, nominee, insured members (spec §2, §3).

export function PlanInfoCard({ plan }: { plan: WorkspacePlanDetail }) {
  return (
    <Card title="Plan Information">
      <Fields columns="sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Service" value={plan.service_name} />
        <Field
          label={plan.plan_kind === 'insurance' ? 'Policy Number' : 'Investment Account Number'}
          value={plan.policy_number}
        />
        <Field
          label={plan.plan_kind === 'insurance' ? 'Insurance Company' : 'Investment Company'}
          value={plan.provider_name}
        />
        {planRows(plan).map((row) => (
          <Field key={row.label} label={row.label} value={row.value} tone={row.tone} />
        ))}
        <Field label="Held by" value={plan.holder_name} />
      </Fields>
    </Card>
  );
}

export function NomineeCard({ nominee }: { nominee: WorkspacePlanDetail['nominee'] }) {
  return (
    <Card title="Nominee Details">
      {nominee ? (
        <Fields columns="sm:grid-cols-2">
          <Field label="Full Name" value={nominee.full_name} />
          <Field label="Relation" value={nominee.relation} />
          <Field label="Date of Birth" value={nominee.dob ? formatDate(nominee.dob) : null} />
          <Field label="Phone Number" value={nominee.phone_number} />
          <Field label="Email" value={nominee.email} />
        </Fields>
      ) : (
        <p className="text-sm text-slate-600">No Nominee Details</p>
      )}
    </Card>
  );
}

export function InsuredMembersCard({ members }: { members: WorkspacePlanDetail['insured_members'] }) {
  return (
    <Card title={`Insured Members (${members.length})`}>
      {members.length === 0 ? (
        <p className="text-sm text-slate-600">No insured members recorded.</p>
      ) : (
        <>
          <table className="hidden w-full text-left text-sm sm:table">
            <thead className="border-b border-slate-200 text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Name
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Relationship
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Date of Birth
                </th>
                <th scope="col" className="py-2 font-medium">
                  Phone Number
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {members.map((m, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: members have no id; the list is read-only.
                <tr key={i}>
                  <td className="py-2.5 pr-4 font-medium text-slate-900">{m.insured_member_name}</td>
                  <td className="py-2.5 pr-4 text-slate-700">{m.relationship ?? '—'}</td>
                  <td className="py-2.5 pr-4 tabular-nums text-slate-700">
                    {m.insured_member_dob ? formatDate(m.insured_member_dob) : '—'}
                  </td>
                  <td className="py-2.5 tabular-nums text-slate-700">
                    {m.insured_member_phone_number ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="flex flex-col gap-3 sm:hidden">
            {members.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: members have no id; the list is read-only.
              <li key={i} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p className="font-medium text-slate-900">{m.insured_member_name}</p>
                <p className="text-slate-600">{m.relationship ?? '—'}</p>
                <p className="mt-1 tabular-nums text-slate-600">
                  {[
                    m.insured_member_dob ? formatDate(m.insured_member_dob) : null,
                    m.insured_member_phone_number,
                  ]
                    .filter(Boolean)
                    .join(' · ') || '—'}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
