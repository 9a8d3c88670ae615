import { type FamilyListItem, type FamilyPlan, serviceShortLabel } from '@portal/contract';
import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';

function PlanChip({ plan }: { plan: FamilyPlan }) {
  const expired = plan.status === 'Expired';
  const inForce = plan.status === 'Active';
  return (
    <li className="max-w-full min-w-0">
      <Link
        to={`/dashboard/plans/${plan.plan_id}`}
        title={plan.end_date ? `${expired ? 'Ended' : 'Ends'} ${formatDate(plan.end_date)}` : 'No end date'}
        className={cn(
          'flex max-w-full items-center gap-2 rounded-md border px-2.5 py-1.5 text-xs hover:bg-slate-50',
          expired ? 'border-red-200' : 'border-slate-200',
        )}
      >
        <span className="shrink-0 font-medium whitespace-nowrap text-slate-800">
          {serviceShortLabel(plan.service_code)}
        </span>
        <span className="min-w-0 truncate text-slate-600">
          {plan.plan_name ?? plan.provider_name} · {plan.policy_number}
        </span>
        <Badge tone={inForce ? 'green' : 'red'}>{plan.status}</Badge>
      </Link>
    </li>
  );
}

function Holder({
  name,
  to,
  relationship,
  plans,
}: {
  name: string;
  to?: string;
  relationship: string;
  plans: FamilyPlan[];
}) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:gap-4">
      <div className="min-w-0 sm:w-56 sm:shrink-0">
        {to ? (
          <Link to={to} className="font-medium text-primary-700 hover:underline">
            {name}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{name}</span>
        )}
        <span className="text-sm text-slate-500"> · {relationship}</span>
      </div>
      {plans.length === 0 ? (
        <p className="text-sm text-slate-500">No plans</p>
      ) : (
        <ul className="flex max-w-full min-w-0 flex-wrap gap-2" aria-label={`Plans of ${name}`}>
          {plans.map((p) => (
            <PlanChip key={p.plan_id} plan={p} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** One family of the family view: the primary client, their members, and the plans each holds. */
export function FamilyCard({ family }: { family: FamilyListItem }) {
  const planCount = family.plans.length + family.members.reduce((n, m) => n + m.plans.length, 0);
  return (
    <article
      aria-label={`Family of ${family.full_name}`}
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <div className="min-w-0">
          <h2 className="flex flex-wrap items-center gap-2">
            <Link
              to={`/dashboard/users/${family.primary_client_id}`}
              className="font-semibold text-primary-700 hover:underline"
            >
              {family.full_name}
            </Link>
            <Badge tone="slate">{family.client_code}</Badge>
          </h2>
          <p className="mt-0.5 text-sm break-all text-slate-600">
            {[family.email, family.phone].filter(Boolean).join(' · ') || 'No contact details'}
          </p>
          <p className="mt-0.5 text-xs text-slate-500">
            {family.members.length} {family.members.length === 1 ? 'family member' : 'family members'} ·{' '}
            {planCount} {planCount === 1 ? 'plan' : 'plans'}
          </p>
        </div>
        <Link
          to={`/dashboard/secondary?primary=${family.primary_client_id}`}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-primary-700 hover:bg-primary-50"
        >
          <UserPlus className="size-4" aria-hidden /> Add family member
        </Link>
      </header>
      <ul className="divide-y divide-slate-100 px-5">
        <Holder name={family.full_name} relationship="Self" plans={family.plans} />
        {family.members.map((m) => (
          <Holder
            key={m.secondary_client_id}
            name={m.full_name}
            to={`/dashboard/secondary-client/${m.secondary_client_id}`}
            relationship={m.relationship}
            plans={m.plans}
          />
        ))}
      </ul>
    </article>
  );
}
