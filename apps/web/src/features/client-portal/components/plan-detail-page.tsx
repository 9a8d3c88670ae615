import { type PlanDetail, serviceLabel } from '@portal/contract';
import { ArrowLeft, Download, Eye } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DuesFacts,
  PaymentHistory,
  PremiumStateBadge,
  StandingNote,
} from '../../../components/premiums/premium-parts.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Fields } from '../../../components/ui/detail-field.tsx';
import { ErrorState, Loading, Skeleton } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { usePlanDetails } from '../api/get-plan-details.ts';
import { clientPaths } from './client-paths.ts';
import { isNotFound } from './is-not-found.ts';
import { NomineeCard } from './nominee-card.tsx';
import { type DocumentPlan, PlanDocumentViewer, useDocumentDownload } from './plan-document.tsx';
import { planRows } from './plan-fields.ts';
import { numberLabel, planStatus } from './plan-rules.ts';

// The client's Plan details page (spec §2): `id` is the policy id or the investment account id.

function DocumentActions({ plan }: { plan: DocumentPlan }) {
  const [viewing, setViewing] = useState(false);
  const { download, busy } = useDocumentDownload(plan);
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => setViewing(true)}>
        <Eye className="size-4" aria-hidden /> View
      </Button>
      <Button onClick={() => download()} busy={busy}>
        {busy ? null : <Download className="size-4" aria-hidden />} Download
      </Button>
      <PlanDocumentViewer plan={plan} open={viewing} onOpenChange={setViewing} />
    </div>
  );
}

function InsuredMembers({
  members,
}: {
  members: NonNullable<PlanDetail['subtype_fields']['insured_members']>;
}) {
  return (
    <Card region title={`Insured Members (${members.length})`}>
      {members.length === 0 ? (
        <p className="text-sm text-slate-600">No insured members on record.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {members.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: members have no id; the order is the policy's.
            <li key={i} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <div>
                <p className="font-medium text-slate-900">{m.insured_member_name}</p>
                <p className="text-slate-600">{m.relationship ?? '—'}</p>
              </div>
              <div className="text-right text-slate-600 tabular-nums">
                <p>{m.insured_member_dob ? formatDate(m.insured_member_dob) : '—'}</p>
                <p>{m.insured_member_phone_number ?? ''}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function DetailView({ plan }: { plan: PlanDetail }) {
  const status = planStatus(plan);
  // Lapsed and Closed are no longer in force: shown as an Expired plan is (decisions §4).
  const expired = status !== 'Active';
  const rows = planRows(plan, expired);
  const id = plan.plan_type === 'insurance' ? plan.policy_id : plan.account_id;
  const documentPlan = useMemo<DocumentPlan>(
    () => ({ plan_type: plan.plan_type, id, policy_number: plan.policy_number, plan_name: plan.plan_name }),
    [plan.plan_type, id, plan.policy_number, plan.plan_name],
  );
  return (
    <div className="flex flex-col gap-5">
      <section className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{plan.provider_name}</h1>
          <p className="mt-1 text-sm text-slate-600 tabular-nums">
            {numberLabel(plan)} {plan.policy_number}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge tone="blue">{serviceLabel(plan.service_code)}</Badge>
            <Badge tone={expired ? 'red' : 'green'}>{status}</Badge>
            <span className="text-sm text-slate-600">Held by {plan.holder}</span>
          </div>
        </div>
        {plan.document_available ? <DocumentActions plan={documentPlan} /> : null}
      </section>

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        <Card region title="Plan Information" className="lg:col-span-2">
          <Fields>
            {rows.map((row) => (
              <Field
                key={row.label}
                label={row.label}
                value={
                  <span className={cn(row.tone === 'danger' && 'font-medium text-red-700')}>{row.value}</span>
                }
              />
            ))}
          </Fields>
        </Card>
        <NomineeCard nominee={plan.nominee} />
      </div>
      <Card region title="Premium" action={<PremiumStateBadge dues={plan.premium} />}>
        <div className="flex flex-col gap-4">
          <DuesFacts dues={plan.premium} />
          <StandingNote dues={plan.premium} />
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Payment history</h3>
            <PaymentHistory
              payments={plan.premium_payments}
              showRecorder={false}
              receipts={{ area: 'client', planId: id }}
            />
          </div>
        </div>
      </Card>
      {plan.subtype_fields.insured_members ? (
        <InsuredMembers members={plan.subtype_fields.insured_members} />
      ) : null}
    </div>
  );
}

export function PlanDetailPage({ id }: { id: string }) {
  const navigate = useNavigate();
  const query = usePlanDetails(id);
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate(clientPaths.plans));

  const back = (
    <Link
      to={clientPaths.plans}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> My Plans
    </Link>
  );

  if (query.isPending || (query.isError && query.isFetching)) {
    return (
      <div>
        {back}
        <Loading label="Loading plan details" className="flex flex-col gap-5">
          <Skeleton variant="bar" className="h-32 w-full rounded-xl" />
          <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
            <Skeleton variant="bar" className="h-64 rounded-xl lg:col-span-2" />
            <Skeleton variant="bar" className="h-64 rounded-xl" />
          </div>
        </Loading>
      </div>
    );
  }
  if (query.isError) {
    const goBackButton = (
      <Button variant="secondary" onClick={goBack}>
        <ArrowLeft className="size-4" aria-hidden /> Go Back
      </Button>
    );
    if (isNotFound(query.error)) {
      return (
        <div>
          {back}
          <ErrorState icon title="No plan details found" actions={goBackButton}>
            This plan is not on your record.
          </ErrorState>
        </div>
      );
    }
    const detail = query.error instanceof ApiError ? (query.error.detail ?? query.error.message) : null;
    return (
      <div>
        {back}
        <ErrorState icon title="Error Loading Details" actions={goBackButton}>
          {detail || 'Failed to load details'}
        </ErrorState>
      </div>
    );
  }
  return (
    <div>
      {back}
      <DetailView plan={query.data} />
    </div>
  );
}
