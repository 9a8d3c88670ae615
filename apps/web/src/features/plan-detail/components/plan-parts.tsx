import type { WorkspacePlanDetail } from '@portal/contract';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { planRows } from './plan-info.ts';

// The read-only cards of the plan detail: plan information, nominee, insured members (spec §2, §3).

export function Card({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Item({ label, value, tone }: { label: string; value: string | null | undefined; tone?: 'danger' }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd
        className={cn(
          'mt-0.5 break-words tabular-nums',
          tone === 'danger' ? 'text-red-700' : 'text-slate-900',
        )}
      >
        {value || '—'}
      </dd>
    </div>
  );
}

export function PlanInfoCard({ plan }: { plan: WorkspacePlanDetail }) {
  return (
    <Card title="Plan Information">
      <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Item label="Service" value={plan.service_name} />
        <Item
          label={plan.plan_kind === 'insurance' ? 'Policy Number' : 'Investment Account Number'}
          value={plan.policy_number}
        />
        <Item
          label={plan.plan_kind === 'insurance' ? 'Insurance Company' : 'Investment Company'}
          value={plan.provider_name}
        />
        {planRows(plan).map((row) => (
          <Item key={row.label} label={row.label} value={row.value} tone={row.tone} />
        ))}
        <Item label="Held by" value={plan.holder_name} />
      </dl>
    </Card>
  );
}

export function NomineeCard({ nominee }: { nominee: WorkspacePlanDetail['nominee'] }) {
  return (
    <Card title="Nominee Details">
      {nominee ? (
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <Item label="Full Name" value={nominee.full_name} />
          <Item label="Relation" value={nominee.relation} />
          <Item label="Date of Birth" value={nominee.dob ? formatDate(nominee.dob) : null} />
          <Item label="Phone Number" value={nominee.phone_number} />
          <Item label="Email" value={nominee.email} />
        </dl>
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
