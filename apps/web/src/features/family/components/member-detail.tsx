import {
  type ClientPlanItem,
  type SecondaryClient,
  type SecondaryDocumentKind,
  serviceShortLabel,
  UpdateSecondaryClientSchema,
} from '@portal/contract';
import { ArrowLeft, ChevronRight, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ContactLinks } from '../../../components/ui/contact-links.tsx';
import { Field, Fields } from '../../../components/ui/detail-field.tsx';
import { QueryState, Skeleton } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/toast.ts';
import { useObjectUrl } from '../../../lib/use-object-url.ts';
import { useMember } from '../api/get-member.ts';
import { fetchMemberDocument } from '../api/get-member-document.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useMemberSaved, useUpdateMember } from '../api/update-member.ts';
import { DocumentCard } from './document-card.tsx';
import { DOCUMENT_LABELS } from './document-rules.ts';
import { MemberDocumentPreview } from './member-document-preview.tsx';
import { MemberFields } from './member-fields.tsx';
import { fieldErrors, type MemberField, memberBody, memberValues } from './member-values.ts';
import type { UploadFailure } from './upload-failure.ts';

/** The spec's three documents first (§2), then the photo. */
const DOCUMENT_ORDER: SecondaryDocumentKind[] = ['aadhaar', 'pan', 'cheque', 'profile_image'];

function PlanLink({ plan }: { plan: ClientPlanItem }) {
  const expired = plan.status === 'Expired';
  const inForce = plan.status === 'Active';
  const money = plan.plan_kind === 'insurance' ? plan.premium_amount : plan.amount;
  return (
    <li>
      <Link
        to={`/dashboard/plans/${plan.plan_id}`}
        className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg px-3 py-3 hover:bg-slate-50 focus-visible:bg-slate-50"
      >
        <div className="min-w-0 flex-1">
          <p className="font-medium text-primary-700">
            {plan.plan_name ?? plan.provider_name}
            <span className="font-normal text-slate-500"> · {plan.policy_number}</span>
          </p>
          <p className="text-sm text-slate-600">
            {serviceShortLabel(plan.service_code)} · {plan.provider_name}
          </p>
        </div>
        <div className="flex items-center gap-3 text-sm">
          <span className="tabular-nums text-slate-700">
            {formatMoney(money ?? null)}
            <span className="text-slate-500">
              {plan.plan_kind === 'insurance' ? ' premium' : ' invested'}
            </span>
          </span>
          <span className={cn(expired ? 'text-red-700' : 'text-slate-600')}>
            {plan.end_date ? `${expired ? 'Ended' : 'Ends'} ${formatDate(plan.end_date)}` : 'No end date'}
          </span>
          <Badge tone={inForce ? 'green' : 'red'}>{plan.status}</Badge>
          <ChevronRight className="size-4 text-slate-400" aria-hidden />
        </div>
      </Link>
    </li>
  );
}

/** A family member's details, documents and plans (spec §2, issue 5). */
export function MemberDetail({ secondaryClientId }: { secondaryClientId: string }) {
  const navigate = useNavigate();
  const query = useMember(secondaryClientId);
  return (
    <QueryState
      query={query}
      loading={
        <div className="flex flex-col gap-4" role="status" aria-busy="true">
          <p className="text-slate-600">Loading client details...</p>
          <Skeleton className="h-32" />
          <div className="grid gap-5 lg:grid-cols-2">
            <Skeleton className="h-48" />
            <Skeleton className="h-48" />
          </div>
        </div>
      }
      error={null}
      errorView={(error, retry) => {
        const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
        return (
          <div
            role="alert"
            className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-red-800"
          >
            <p className="font-medium">Failed to load client details</p>
            <p className="text-sm">
              {missing
                ? 'This family member does not exist or has been removed.'
                : 'The server did not answer. Check your connection and try again.'}
            </p>
            <div className="flex gap-3">
              <Button variant="secondary" onClick={() => navigate(-1)}>
                <ArrowLeft className="size-4" aria-hidden /> Go Back
              </Button>
              {missing ? null : <Button onClick={retry}>Retry</Button>}
            </div>
          </div>
        );
      }}
    >
      {(member) => <MemberView member={member} />}
    </QueryState>
  );
}

function MemberView({ member }: { member: SecondaryClient }) {
  const secondaryClientId = member.secondary_client_id;
  const navigate = useNavigate();
  const location = useLocation();
  const update = useUpdateMember();
  const removeMember = useRemoveMember();
  const memberSaved = useMemberSaved();
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [preview, setPreview] = useState<SecondaryDocumentKind | null>(null);
  const [failures, setFailures] = useState<UploadFailure[]>(
    () => (location.state as { uploadFailures?: UploadFailure[] } | null)?.uploadFailures ?? [],
  );
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(() => memberValues());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const photo = member.documents.profile_image;
  const photoUrl = useObjectUrl(photo ? `${secondaryClientId}:${photo.document_id}` : null, (signal) =>
    fetchMemberDocument(secondaryClientId, 'profile_image', signal),
  );

  const primaryPath = `/dashboard/users/${member.primary_client_id}`;
  const address = [
    member.house_number,
    member.society,
    member.locality,
    member.city,
    member.state,
    member.pincode,
  ]
    .filter(Boolean)
    .join(', ');
  const gender = member.gender ? member.gender[0]!.toUpperCase() + member.gender.slice(1) : null;

  const saved = (next: SecondaryClient) => {
    memberSaved(next);
    setFailures((list) => list.filter((f) => !next.documents[f.kind]));
  };

  const startEditing = () => {
    setValues(memberValues(member));
    setErrors({});
    setEditing(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = memberBody(values);
    const found = fieldErrors(UpdateSecondaryClientSchema, body);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notify('error', 'Please correct the highlighted fields.');
      window.setTimeout(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    setSaving(true);
    try {
      const answer = await update.mutateAsync({ id: member.secondary_client_id, body });
      saved(answer.data);
      setEditing(false);
      notify('success', answer.message ?? `${answer.data.full_name} updated.`);
      window.scrollTo({ top: 0 });
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.fields);
        notify('error', err.message);
      }
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      await removeMember.mutateAsync(member.secondary_client_id);
      setConfirming(false);
      notify('success', `${member.full_name} removed from ${member.primary_client_name}'s family.`);
      navigate(primaryPath, { replace: true });
    } catch (err) {
      setRemoving(false);
      setConfirming(false);
      notify('error', err instanceof ApiError ? err.message : 'Could not remove the family member.');
    }
  };

  const previewInfo = preview ? member.documents[preview] : null;

  return (
    <div className="flex flex-col gap-5">
      <Link
        to={primaryPath}
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> {member.primary_client_name}
      </Link>

      <section className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center">
        {photoUrl ? (
          <img
            src={photoUrl}
            alt={member.full_name}
            className="size-16 shrink-0 rounded-full object-cover ring-1 ring-slate-200"
          />
        ) : (
          <span
            aria-hidden
            className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary-50 text-xl font-semibold text-primary-800"
          >
            {(member.first_name[0] ?? '') + (member.last_name?.[0] ?? '')}
          </span>
        )}
        <div className="min-w-0">
          <h2 className="text-xl font-semibold text-slate-900">{member.full_name}</h2>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge tone="blue">{member.relationship}</Badge>
            <span>
              Family of{' '}
              <Link to={primaryPath} className="font-medium text-primary-700 hover:underline">
                {member.primary_client_name}
              </Link>
            </span>
          </div>
          <ContactLinks
            className="mt-2 text-sm text-slate-700"
            name={member.full_name}
            email={member.email}
            phone={member.phone ?? 'Not provided'}
          />
        </div>
        {editing ? null : (
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            <Button variant="secondary" onClick={startEditing}>
              <Pencil className="size-4" aria-hidden /> Edit details
            </Button>
            <Button variant="secondary" className="text-red-700" onClick={() => setConfirming(true)}>
              <Trash2 className="size-4" aria-hidden /> Remove
            </Button>
          </div>
        )}
      </section>

      {failures.length > 0 ? (
        <div
          role="alert"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <p className="font-medium">
            {member.full_name} was added, but{' '}
            {failures.length === 1 ? 'one document was' : `${failures.length} documents were`} not saved:
          </p>
          <ul className="mt-2 list-disc pl-5">
            {failures.map((f) => (
              <li key={f.kind}>
                <span className="font-medium">{DOCUMENT_LABELS[f.kind]}</span>: {f.message}
              </li>
            ))}
          </ul>
          <p className="mt-2">Upload {failures.length === 1 ? 'it' : 'them'} again under Documents below.</p>
        </div>
      ) : null}

      {editing ? (
        <form onSubmit={save} noValidate className="flex flex-col gap-5" aria-label="Edit family member">
          <MemberFields
            values={values}
            errors={errors}
            saved={member}
            onChange={(field: MemberField, value: string) => {
              setValues((v) => ({ ...v, [field]: value }));
              setErrors(({ [field]: _gone, ...rest }) => rest);
            }}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" busy={saving}>
              {saving ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className="grid gap-5 lg:grid-cols-2">
            <Card region title="Contact & Address">
              <Fields columns="sm:grid-cols-2">
                <Field label="Email" value={member.email} />
                <Field label="Phone" value={member.phone} />
                <Field label="Alternate phone" value={member.alternate_phone} />
                <Field
                  label="Date of birth"
                  value={member.date_of_birth ? formatDate(member.date_of_birth) : null}
                />
                <Field label="Gender" value={gender} />
                <Field label="Relation type" value={member.relation_type} />
                <Field label="Address" value={address} className="sm:col-span-2" />
              </Fields>
            </Card>
            <Card region title="Health Information">
              <Fields columns="sm:grid-cols-2">
                <Field label="Height" value={member.height_cm === null ? null : `${member.height_cm} cm`} />
                <Field label="Weight" value={member.weight_kg === null ? null : `${member.weight_kg} kg`} />
                <Field
                  label="Medical conditions"
                  value={member.medical_conditions}
                  className="sm:col-span-2"
                />
              </Fields>
            </Card>
          </div>
          <Card region title="Banking & Identification">
            <Fields columns="sm:grid-cols-2 lg:grid-cols-5">
              <Field label="Aadhaar" value={member.aadhaar_number} mono />
              <Field label="PAN" value={member.pan_number} mono />
              <Field label="CIF number" value={member.cif_number} mono />
              <Field label="Account number" value={member.account_number} mono />
              <Field label="IFSC" value={member.ifsc_code} mono />
            </Fields>
          </Card>
        </>
      )}

      <Card region title="Documents">
        <ul className="grid gap-4 sm:grid-cols-2">
          {DOCUMENT_ORDER.map((kind) => (
            <DocumentCard
              key={kind}
              member={member}
              kind={kind}
              failure={failures.find((f) => f.kind === kind)?.message}
              onPreview={setPreview}
              onSaved={saved}
            />
          ))}
        </ul>
      </Card>

      <Card
        region
        title={`Plans (${member.plans.length})`}
        action={
          <Link
            to={`/dashboard/addPlans?client=${member.primary_client_id}`}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
          >
            <Plus className="size-4" aria-hidden /> Add plans
          </Link>
        }
      >
        {member.plans.length === 0 ? (
          <p className="text-sm text-slate-600">
            {member.first_name} holds no plans yet. Add plans and choose {member.first_name} as the holder.
          </p>
        ) : (
          <ul className="-mx-3 divide-y divide-slate-100">
            {member.plans.map((plan) => (
              <PlanLink key={plan.plan_id} plan={plan} />
            ))}
          </ul>
        )}
      </Card>

      {preview && previewInfo ? (
        <MemberDocumentPreview
          memberId={member.secondary_client_id}
          memberName={member.full_name}
          kind={preview}
          mime={previewInfo.mime_type}
          documentId={previewInfo.document_id}
          onClose={() => setPreview(null)}
        />
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !removing && setConfirming(open)}
        title={`Remove ${member.full_name}?`}
        description={`${member.full_name} disappears from ${member.primary_client_name}'s family and from your lists. The record and documents are kept for the retention period.`}
        confirmLabel={removing ? 'Removing...' : 'Remove'}
        destructive
        onConfirm={() => void remove()}
      />
    </div>
  );
}
