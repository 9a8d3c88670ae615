import type { Provider } from '@portal/contract';
import { AlertTriangle, Mail, Pencil, Phone, Trash2 } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useObjectUrl } from '../../../lib/use-object-url.ts';
import { fetchProviderLogo } from '../api/get-provider-logo.ts';

function Initials({ name }: { name: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  return (
    <span className="flex size-12 items-center justify-center rounded-lg bg-primary-50 font-semibold text-primary-800">
      {initials}
    </span>
  );
}

export function ProviderCard({
  provider,
  onEdit,
  onDelete,
}: {
  provider: Provider;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const logo = useObjectUrl(
    provider.logo_url ? `${provider.provider_id}:${provider.updated_at}` : null,
    (signal) => fetchProviderLogo(provider.provider_id, signal),
  );
  return (
    <article className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-4">
        {logo ? (
          <img
            src={logo}
            alt={`${provider.provider_name} logo`}
            className="size-12 rounded-lg object-contain ring-1 ring-slate-200"
          />
        ) : (
          <Initials name={provider.provider_name} />
        )}
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold break-words text-slate-900">{provider.provider_name}</h2>
          <div className="mt-1 flex flex-wrap gap-2">
            <Badge tone="blue">{provider.service_name}</Badge>
            <Badge tone="slate">
              {provider.plans_count} {provider.plans_count === 1 ? 'plan' : 'plans'}
            </Badge>
          </div>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-slate-500">Agency code</dt>
        <dd className="text-slate-900">{provider.agency_code ?? '—'}</dd>
        {provider.category === 'investment' ? (
          <>
            <dt className="text-slate-500">ARN</dt>
            <dd className="text-slate-900">{provider.arn_number ?? '—'}</dd>
            <dt className="text-slate-500">ARN expiry</dt>
            <dd className="text-slate-900">{provider.arn_expiry ? formatDate(provider.arn_expiry) : '—'}</dd>
            <dt className="text-slate-500">EUIN</dt>
            <dd className="text-slate-900">{provider.euin_number ?? '—'}</dd>
          </>
        ) : null}
        <dt className="text-slate-500">Agent</dt>
        <dd className="text-slate-900">{provider.agent_name ?? '—'}</dd>
        <dt className="text-slate-500">Bank</dt>
        <dd className="text-slate-900">
          {provider.bank_details.bank_name ?? '—'}
          {provider.bank_details.account_number ? ` · ${provider.bank_details.account_number}` : ''}
        </dd>
      </dl>
      {provider.arn_expiry_warning ? (
        <p className="mt-3 flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <AlertTriangle className="size-4 shrink-0" aria-hidden />
          ARN expires {provider.arn_expiry ? formatDate(provider.arn_expiry) : 'soon'}: renew it with AMFI.
        </p>
      ) : null}
      <div className="mt-3 flex flex-col gap-1 text-sm text-slate-700">
        {provider.email ? (
          <a
            href={`mailto:${provider.email}`}
            className="flex items-center gap-2 break-all hover:text-primary-700"
          >
            <Mail className="size-4 shrink-0" aria-hidden /> {provider.email}
          </a>
        ) : null}
        {provider.mobile_number ? (
          <a
            href={`tel:${provider.mobile_number}`}
            className="flex items-center gap-2 hover:text-primary-700"
          >
            <Phone className="size-4 shrink-0" aria-hidden /> {provider.mobile_number}
          </a>
        ) : null}
      </div>
      <div className="mt-auto flex justify-end gap-2 pt-4">
        <Button variant="ghost" onClick={onEdit} aria-label={`Edit ${provider.provider_name}`}>
          <Pencil className="size-4" aria-hidden /> Edit
        </Button>
        <Button
          variant="ghost"
          onClick={onDelete}
          aria-label={`Delete ${provider.provider_name}`}
          className="text-red-700 hover:bg-red-50"
        >
          <Trash2 className="size-4" aria-hidden /> Delete
        </Button>
      </div>
    </article>
  );
}
