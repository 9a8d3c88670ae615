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
import { useFormat } from '../../../i18n/format.ts';
import { cn } from '../../../lib/cn.ts';
import { useMemberDocument } from '../api/get-member-document.ts';
import { useMemberDocuments } from '../api/get-member-documents.ts';
import { useSecondaryClient } from '../api/get-secondary-client.ts';
import { clientPaths } from './client-paths.ts';
import { useClientT } from './client-words.ts';
import { DocumentTile } from './document-tile.tsx';
import { useFamilyT } from './family-words.ts';
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
  const t = useFamilyT();
  return (
    <Card region title={t('documents')}>
      {docs.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {t('loadingDocuments')}
        </p>
      ) : docs.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
          {t('documentsFailed')}
          <Button variant="secondary" onClick={() => void docs.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-3">
          {(['aadhaar', 'pan', 'cheque'] as const).map((kind) => (
            <DocumentTile
              key={kind}
              memberId={id}
              kind={kind}
              label={t(`doc.${kind}`)}
              doc={docs.data[kind]}
              ownerName={name}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function Header({ id, d, docs }: { id: string; d: Detail; docs: DocsLoad }) {
  const name = secondaryName(d);
  const tc = useClientT();
  return (
    <section className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center">
      <ProfileImage id={id} documents={docs.data ?? null} name={name} />
      <div className="min-w-0">
        <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{name}</h1>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <Badge tone="blue">{tc(`relation.${d.relationship}`, { defaultValue: d.relationship })}</Badge>
          {d.relation_type ? <Badge tone="slate">{d.relation_type}</Badge> : null}
        </div>
      </div>
    </section>
  );
}

export function MemberDetail({ secondaryClientId }: { secondaryClientId: string }) {
  const navigate = useNavigate();
  const query = useSecondaryClient(secondaryClientId);
  const t = useFamilyT();

  useEffect(() => {
    // Spec §2: with no id the screen goes back one page.
    if (!secondaryClientId) navigate(-1);
  }, [secondaryClientId, navigate]);

  const back = (
    <Link
      to={clientPaths.secondaryClients}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> {t('heading')}
    </Link>
  );

  if (query.isPending || (query.isError && query.isFetching)) {
    return (
      <div>
        {back}
        <p role="status" className="text-sm text-slate-600">
          {t('loadingClient')}
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
          <p>{query.error.message || t('clientFailed')}</p>
          <Button
            variant="secondary"
            onClick={() =>
              window.history.length > 1 ? navigate(-1) : navigate(clientPaths.secondaryClients)
            }
          >
            <ArrowLeft className="size-4" aria-hidden /> {t('goBack')}
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
  const t = useFamilyT();
  const tc = useClientT();
  const format = useFormat();
  return (
    <div className="flex flex-col gap-5">
      <div>
        {back}
        <Header id={id} d={d} docs={docs} />
      </div>
      <Card region title={t('contact')}>
        <Fields>
          <Field
            label={t('email')}
            value={d.email ?? d.secondaryclientemail}
            className="col-span-2 lg:col-span-1"
          />
          <Field label={t('phone')} value={d.phonenumber} />
          <Field label={t('alternatePhone')} value={d.alternatephonenumber} />
          <Field label={t('address')} value={addressOf(d)} className="col-span-2 lg:col-span-3" />
        </Fields>
      </Card>
      <Card region title={t('health')}>
        <Fields>
          <Field label={t('dob')} value={d.date_of_birth ? format.date(d.date_of_birth) : null} />
          <Field
            label={t('gender')}
            value={
              d.gender
                ? t(`gender.${d.gender.toLowerCase()}`, {
                    defaultValue: d.gender[0]!.toUpperCase() + d.gender.slice(1),
                  })
                : null
            }
          />
          <Field
            label={t('height')}
            value={d.height !== null ? t('heightValue', { value: d.height }) : null}
          />
          <Field
            label={t('weight')}
            value={d.weight !== null ? t('weightValue', { value: d.weight }) : null}
          />
          <Field label={t('medical')} value={d.anymedicalcondition} className="col-span-2" />
        </Fields>
      </Card>
      <Card region title={t('banking')}>
        <Fields>
          <Field label={t('aadhaarNumber')} value={d.aadharnumber} />
          <Field label={t('pan')} value={d.pannumber} />
          <Field label={t('cif')} value={d.cifnumber} />
          <Field label={t('accountNumber')} value={d.accountnumber} />
          <Field label={t('ifsc')} value={d.ifsccode} />
        </Fields>
      </Card>
      <Documents id={id} docs={docs} name={name} />
      <Card region title={t('plans', { count: plans.length })}>
        {plans.length === 0 ? (
          <p className="text-sm text-slate-600">{t('noPlans', { name: d.firstname })}</p>
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
                      {p.provider_name} ·{' '}
                      {tc(`service.${p.service_code.toLowerCase()}`, {
                        defaultValue: serviceLabel(p.service_code),
                      })}{' '}
                      · {t('planNumber', { number: p.policy_number })}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center justify-end gap-2">
                    <Badge tone="slate">{t(p.role === 'holder' ? 'holder' : 'insured')}</Badge>
                    <Badge tone={p.status === 'Active' ? 'green' : 'red'}>
                      {tc(`status.${p.status}`, { defaultValue: p.status })}
                    </Badge>
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
