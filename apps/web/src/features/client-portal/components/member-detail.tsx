import { type SecondaryClientDocuments, type SecondaryClientResponse, serviceLabel } from '@portal/contract';
import { ArrowLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useBlobUrl } from '../../../components/documents/use-blob-url.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Fields } from '../../../components/ui/detail-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { useMemberDocument } from '../api/get-member-document.ts';
import { useMemberDocuments } from '../api/get-member-documents.ts';
import { useSecondaryClient } from '../api/get-secondary-client.ts';
import { clientPaths } from './client-paths.ts';
import { DocumentTile } from './document-tile.tsx';
import { initials } from './plan-rules.ts';
import { secondaryName } from './secondary-list.tsx';

// A family member's details in the client area (spec §2 Secondary client detail).

type Detail = SecondaryClientResponse['secondary_client'];

function ProfileImage({
  id,
  documents,
  name,
}: {
  id: string;
  documents: SecondaryClientDocuments | null;
  name: string;
}) {
  // The photo is downloaded on its own once the list says there is one (issue 23 item 9).
  const photo = useMemberDocument(id, 'profile_image', Boolean(documents?.profile_image));
  const url = useBlobUrl(photo.data);
  return url ? (
    <img
      src={url}
      alt={`${name}`}
      className="size-16 shrink-0 rounded-full object-cover ring-1 ring-slate-200"
    />
  ) : (
    <span
      aria-hidden
      className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary-100 text-xl font-semibold text-primary-800"
    >
      {initials(name)}
    </span>
  );
}

function addressOf(d: Detail): string | null {
  const place = [d.housenumber, d.society, d.locality, d.city, d.state].filter(Boolean).join(', ');
  const line = d.pincode ? (place ? `${place} - ${d.pincode}` : d.pincode) : place;
  return line || null;
}

type DocsLoad = ReturnType<typeof useMemberDocuments>;

function Documents({ id, docs, name }: { id: string; docs: DocsLoad; name: string }) {
  return (
    <Card region title="Documents">
      {docs.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading documents...
        </p>
      ) : docs.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
          Failed to fetch documents
          <Button variant="secondary" onClick={() => void docs.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-3">
          <DocumentTile
            memberId={id}
            kind="aadhaar"
            label="Aadhaar"
            doc={docs.data.aadhaar}
            ownerName={name}
          />
          <DocumentTile memberId={id} kind="pan" label="PAN" doc={docs.data.pan} ownerName={name} />
          <DocumentTile memberId={id} kind="cheque" label="Cheque" doc={docs.data.cheque} ownerName={name} />
        </ul>
      )}
    </Card>
  );
}

function Header({ id, d, docs }: { id: string; d: Detail; docs: DocsLoad }) {
  const name = secondaryName(d);
  return (
    <section className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center">
      <ProfileImage id={id} documents={docs.data ?? null} name={name} />
      <div className="min-w-0">
        <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{name}</h1>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <Badge tone="blue">{d.relationship}</Badge>
          {d.relation_type ? <Badge tone="slate">{d.relation_type}</Badge> : null}
        </div>
      </div>
    </section>
  );
}

export function MemberDetail({ secondaryClientId }: { secondaryClientId: string }) {
  const navigate = useNavigate();
  const query = useSecondaryClient(secondaryClientId);

  useEffect(() => {
    // Spec §2: with no id the screen goes back one page.
    if (!secondaryClientId) navigate(-1);
  }, [secondaryClientId, navigate]);

  const back = (
    <Link
      to={clientPaths.secondaryClients}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> Secondary Clients
    </Link>
  );

  if (query.isPending || (query.isError && query.isFetching)) {
    return (
      <div>
        {back}
        <p role="status" className="text-sm text-slate-600">
          Loading client details...
        </p>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div>
        {back}
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-red-800"
        >
          <p>{query.error.message || 'Failed to load client details'}</p>
          <Button
            variant="secondary"
            onClick={() =>
              window.history.length > 1 ? navigate(-1) : navigate(clientPaths.secondaryClients)
            }
          >
            <ArrowLeft className="size-4" aria-hidden /> Go Back
          </Button>
        </div>
      </div>
    );
  }

  return <Loaded id={secondaryClientId} data={query.data} back={back} />;
}

function Loaded({ id, data, back }: { id: string; data: SecondaryClientResponse; back: ReactNode }) {
  const docs = useMemberDocuments(id);
  const { secondary_client: d, plans } = data;
  const name = secondaryName(d);
  return (
    <div className="flex flex-col gap-5">
      <div>
        {back}
        <Header id={id} d={d} docs={docs} />
      </div>
      <Card region title="Contact & Address">
        <Fields>
          <Field
            label="Email"
            value={d.email ?? d.secondaryclientemail}
            className="col-span-2 lg:col-span-1"
          />
          <Field label="Phone" value={d.phonenumber} />
          <Field label="Alternate Phone" value={d.alternatephonenumber} />
          <Field label="Address" value={addressOf(d)} className="col-span-2 lg:col-span-3" />
        </Fields>
      </Card>
      <Card region title="Health Information">
        <Fields>
          <Field label="Date of Birth" value={d.date_of_birth ? formatDate(d.date_of_birth) : null} />
          <Field label="Gender" value={d.gender ? d.gender[0]!.toUpperCase() + d.gender.slice(1) : null} />
          <Field label="Height" value={d.height !== null ? `${d.height} cm` : null} />
          <Field label="Weight" value={d.weight !== null ? `${d.weight} kg` : null} />
          <Field label="Medical Conditions" value={d.anymedicalcondition} className="col-span-2" />
        </Fields>
      </Card>
      <Card region title="Banking & Identification">
        <Fields>
          <Field label="Aadhaar Number" value={d.aadharnumber} />
          <Field label="PAN" value={d.pannumber} />
          <Field label="CIF Number" value={d.cifnumber} />
          <Field label="Account Number" value={d.accountnumber} />
          <Field label="IFSC Code" value={d.ifsccode} />
        </Fields>
      </Card>
      <Documents id={id} docs={docs} name={name} />
      <Card region title={`Plans (${plans.length})`}>
        {plans.length === 0 ? (
          <p className="text-sm text-slate-600">No plans for {d.firstname} yet.</p>
        ) : (
          <ul className="-my-2 divide-y divide-slate-100">
            {plans.map((p) => (
              <li key={p.plan_id}>
                <Link
                  to={clientPaths.plan(p.plan_id)}
                  className={cn(
                    'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md py-3 hover:bg-slate-50',
                    p.status !== 'Active' && 'opacity-60',
                  )}
                >
                  <div className="min-w-0 flex-1 basis-56">
                    <p className="font-medium text-slate-900">{p.plan_name}</p>
                    <p className="text-sm text-slate-600">
                      {p.provider_name} · {serviceLabel(p.service_code)} · No. {p.policy_number}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center justify-end gap-2">
                    <Badge tone="slate">{p.role === 'holder' ? 'Holder' : 'Insured'}</Badge>
                    <Badge tone={p.status === 'Active' ? 'green' : 'red'}>{p.status}</Badge>
                    <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden />
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
