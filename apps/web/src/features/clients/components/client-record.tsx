import { type ClientPlanItem, documentKindLabel, type PrimaryClient } from '@portal/contract';
import { ArrowLeft, FilePlus, FileText, Pencil, Trash2, UserPlus } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { StatementDownload } from '../../../components/documents/statement-download.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ContactLinks } from '../../../components/ui/contact-links.tsx';
import { Field, Fields } from '../../../components/ui/detail-field.tsx';
import { Skeleton } from '../../../components/ui/query-states.tsx';
import { RecordStamps } from '../../../components/ui/record-stamps.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/toast.ts';
import { useObjectUrl } from '../../../lib/use-object-url.ts';
import { fetchClientAvatar, useClient } from '../api/get-client.ts';
import { useRemoveClient } from '../api/remove-client.ts';
import { AssignedAgent } from './assigned-agent.tsx';
import { PortalAccessCard } from './portal-access.tsx';

// The edit form brings the contract's rules (zod): loaded when it is opened.
const EditClientDialog = lazy(() =>
  import('./edit-client.tsx').then((m) => ({
    default: m.EditClientDialog,
  })),
);

function PlanRow({ plan, action }: { plan: ClientPlanItem; action?: ReactNode }) {
  // Lapsed and Closed are no longer in force: shown as an Expired plan is (decisions §4).
  const expired = plan.status !== 'Active';
  const money = plan.plan_kind === 'insurance' ? plan.premium_amount : plan.amount;
  return (
    <li className={cn('flex flex-wrap items-center justify-between gap-3 py-3', expired && 'opacity-70')}>
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          <Link to={`/dashboard/plans/${plan.plan_id}`} className="text-primary-700 hover:underline">
            {plan.plan_name ?? plan.provider_name}
          </Link>{' '}
          <span className="font-normal text-slate-500">· {plan.policy_number}</span>
        </p>
        <p className="text-sm text-slate-600">
          {plan.provider_name} · {plan.holder_name}
          {plan.document_available ? (
            <span className="ml-2 inline-flex items-center gap-1 text-slate-500">
              <FileText className="size-3.5" aria-hidden /> PDF
            </span>
          ) : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <span className="tabular-nums text-slate-700">{formatMoney(money ?? null)}</span>
        <span className={cn(expired ? 'text-red-700' : 'text-slate-600')}>
          {plan.end_date ? `Ends ${formatDate(plan.end_date)}` : 'No end date'}
        </span>
        <Badge tone={expired ? 'red' : 'green'}>{plan.status}</Badge>
        {action}
      </div>
    </li>
  );
}

/**
 * One client's record with family, plans and documents (issue 5). `mayRemove` is false for an agent: removing a
 * client is the owner's and agency admins' (issue 25), and the API refuses it to agents.
 */
export function ClientRecord({
  userId,
  listAddress,
  mayRemove = true,
  planAction,
  claims,
}: {
  userId: string;
  listAddress: string;
  mayRemove?: boolean;
  /** What a plan's row offers beside its status (the route composes "Send on WhatsApp" from renewals). */
  planAction?: (plan: ClientPlanItem, client: PrimaryClient) => ReactNode;
  /** The household's claims, below the plans (the route composes them from the claims register). */
  claims?: ReactNode;
}) {
  const navigate = useNavigate();
  const record = useClient(userId);
  const removeClient = useRemoveClient();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);

  const avatar = useObjectUrl(
    record.data?.client.avatar_url ? `${userId}:${record.data.client.updated_at}` : null,
    (signal) => fetchClientAvatar(userId, signal),
  );

  const back = (
    <Link
      to={`/dashboard/users${listAddress}`}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> All clients
    </Link>
  );

  const missing =
    record.error instanceof ApiError && (record.error.status === 404 || record.error.status === 400);
  if (record.isPending || (record.isError && record.isFetching)) {
    return (
      <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label="Loading client">
        {back}
        <Skeleton className="h-32" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (record.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-red-800"
        >
          {missing ? 'This client does not exist or has been removed.' : 'We could not load this client.'}
          {missing ? null : (
            <Button variant="secondary" onClick={() => void record.refetch()}>
              Retry
            </Button>
          )}
        </div>
      </div>
    );
  }

  const { client, family_members: family, plans, documents } = record.data;
  const remove = async () => {
    setConfirming(false);
    try {
      await removeClient.mutateAsync(client.primary_client_id);
      notify('success', `${client.full_name} removed.`);
      navigate('/dashboard/users', { replace: true });
    } catch (err) {
      notify('error', err instanceof ApiError ? err.message : 'Could not remove the client.');
    }
  };
  const address = [
    client.house_number,
    client.society,
    client.locality,
    client.city,
    client.state,
    client.pincode,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <div className="flex flex-col gap-5">
      {back}
      <section className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center">
        {avatar ? (
          <img
            src={avatar}
            alt={`${client.full_name}`}
            className="size-16 rounded-full object-cover ring-1 ring-slate-200"
          />
        ) : (
          <span className="flex size-16 items-center justify-center rounded-full bg-primary-50 text-xl font-semibold text-primary-800">
            {client.full_name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="min-w-0">
          <h2 className="text-xl font-semibold text-slate-900">{client.full_name}</h2>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge tone="slate">{client.client_code}</Badge>
            {client.portal_access ? (
              <Badge tone="green">Portal on</Badge>
            ) : (
              <Badge tone="slate">Portal off</Badge>
            )}
            <span>Client since {formatDate(client.created_at)}</span>
            <AssignedAgent clientId={client.primary_client_id} agent={client.assigned_agent} />
          </div>
          <ContactLinks
            className="mt-2 text-sm text-slate-700"
            name={client.full_name}
            email={client.email}
            phone={client.phone}
          />
          <RecordStamps
            className="mt-2 text-xs text-slate-500"
            added={record.data.added_by}
            changed={record.data.changed_by}
          />
        </div>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <Button onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden /> Edit client
          </Button>
          <StatementDownload source={{ area: 'workspace', clientId: client.primary_client_id }}>
            Download portfolio statement
          </StatementDownload>
          {mayRemove ? (
            <Button variant="secondary" className="text-red-700" onClick={() => setConfirming(true)}>
              <Trash2 className="size-4" aria-hidden /> Remove client
            </Button>
          ) : null}
        </div>
      </section>

      <Card title="Profile">
        <Fields columns="sm:grid-cols-2 lg:grid-cols-3">
          <Field
            label="Date of birth"
            value={client.date_of_birth ? formatDate(client.date_of_birth) : null}
          />
          <Field
            label="Gender"
            value={client.gender ? client.gender[0]!.toUpperCase() + client.gender.slice(1) : null}
          />
          <Field label="Occupation" value={client.occupation} />
          <Field label="PAN" value={client.pan_number} />
          <Field label="Aadhaar" value={client.aadhaar_number} />
          <Field label="Alternate phone" value={client.alternate_phone} />
          <Field
            label="Emergency contact"
            value={[client.emergency_contact_name, client.emergency_contact_phone]
              .filter(Boolean)
              .join(' · ')}
          />
          <Field label="Address" value={address} />
          <Field label="Portal sign-in" value={client.portal_email} />
        </Fields>
      </Card>

      <PortalAccessCard
        clientId={client.primary_client_id}
        clientName={client.full_name}
        enabled={client.portal_access}
        portalEmail={client.portal_email}
        email={client.email}
      />

      <div className="grid gap-5 lg:grid-cols-2">
        <Card title={`Family members (${family.length})`}>
          <Link
            to={`/dashboard/secondary?primary=${client.primary_client_id}`}
            className="-mt-2 mb-2 inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
          >
            <UserPlus className="size-4" aria-hidden /> Add family member
          </Link>
          {family.length === 0 ? (
            <p className="text-sm text-slate-600">No family members recorded.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {family.map((m) => (
                <li key={m.secondary_client_id} className="py-3">
                  <p className="font-medium text-slate-900">
                    <Link
                      to={`/dashboard/secondary-client/${m.secondary_client_id}`}
                      className="text-primary-700 hover:underline"
                    >
                      {m.full_name}
                    </Link>{' '}
                    <span className="font-normal text-slate-500">· {m.relationship}</span>
                  </p>
                  <p className="text-sm break-all text-slate-600">
                    {[m.email, m.phone].filter(Boolean).join(' · ') || '—'}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={`Documents (${documents.length})`}>
          {documents.length === 0 ? (
            <p className="text-sm text-slate-600">No documents yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {documents.map((d) => (
                <li key={d.document_id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <span className="font-medium text-slate-900">{documentKindLabel(d.kind)}</span>
                    <span className="text-slate-500"> · {d.owner_name}</span>
                  </span>
                  <span className="shrink-0 text-slate-500">{formatDate(d.created_at)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      {(['insurance', 'investment'] as const).map((kind) => (
        <Card
          key={kind}
          title={`${kind === 'insurance' ? 'Insurance policies' : 'Investments'} (${plans[kind].length})`}
        >
          <Link
            to={`/dashboard/addPlans?client=${client.primary_client_id}`}
            className="-mt-2 mb-2 inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
          >
            <FilePlus className="size-4" aria-hidden /> Add plans
          </Link>
          {plans[kind].length === 0 ? (
            <p className="text-sm text-slate-600">None recorded.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {plans[kind].map((plan) => (
                <PlanRow key={plan.plan_id} plan={plan} action={planAction?.(plan, client)} />
              ))}
            </ul>
          )}
        </Card>
      ))}

      {claims}

      {editing ? (
        <Suspense fallback={null}>
          <EditClientDialog client={client} open={editing} onOpenChange={setEditing} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${client.full_name}?`}
        description="The client disappears from your lists and loses portal access. Their records are kept for the retention period."
        confirmLabel="Remove"
        destructive
        onConfirm={() => void remove()}
      />
    </div>
  );
}
