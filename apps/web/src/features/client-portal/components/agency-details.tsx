import { Building2, Globe, Inbox, Mail, MapPin, Phone, ShieldCheck } from 'lucide-react';
import { BrandMark } from '../../../components/ui/brand-mark.tsx';
import { Card, PageHeading } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/detail-field.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { namespace } from '../../../i18n/i18n.ts';
import agency from '../../../i18n/messages/en/agency.json';
import { useAgency } from '../api/get-agency.ts';
import { isNotFound } from './is-not-found.ts';

const useAgencyT = namespace('agency', agency);

/** /agency-client/dashboard/agency-details: My Agency Details, read-only (spec §2). */
export function ClientAgencyDetails() {
  const query = useAgency();
  const t = useAgencyT();
  return (
    <div>
      <PageHeading title={t('heading')} />
      {query.isPending || (query.isError && query.isFetching) ? (
        <p role="status" className="text-sm text-slate-600">
          {t('loading')}
        </p>
      ) : query.isError ? (
        isNotFound(query.error) ? (
          <EmptyState icon={Inbox}>{t('none')}</EmptyState>
        ) : (
          <ErrorState icon onRetry={() => void query.refetch()}>
            {t('loadFailed')}
          </ErrorState>
        )
      ) : (
        <Card region>
          <div className="mb-5 flex items-center gap-3">
            {query.data.logo_url ? (
              <BrandMark
                name={query.data.name}
                logoUrl={query.data.logo_url}
                className="size-12 rounded-xl ring-1 ring-slate-200"
              />
            ) : (
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary-50 text-primary-700">
                <Building2 className="size-6" aria-hidden />
              </span>
            )}
            <div className="min-w-0">
              <h2 className="text-lg font-semibold text-slate-900">{query.data.name}</h2>
              <p className="text-sm text-slate-600">{t('tagline')}</p>
            </div>
          </div>
          <dl className="grid grid-cols-1 gap-5 text-sm sm:grid-cols-2">
            <Field
              label={t('email')}
              value={
                <a
                  href={`mailto:${query.data.email}`}
                  className="inline-flex items-center gap-2 break-all text-primary-700 hover:underline"
                >
                  <Mail className="size-4 shrink-0" aria-hidden /> {query.data.email}
                </a>
              }
            />
            <Field
              label={t('phone')}
              value={
                <a
                  href={`tel:${query.data.phonenumber}`}
                  className="inline-flex items-center gap-2 text-primary-700 hover:underline"
                >
                  <Phone className="size-4 shrink-0" aria-hidden /> {query.data.phonenumber}
                </a>
              }
            />
            <Field
              label={t('license')}
              value={
                query.data.license_number ? (
                  <span className="inline-flex items-center gap-2">
                    <ShieldCheck className="size-4 shrink-0 text-slate-500" aria-hidden />{' '}
                    {query.data.license_number}
                  </span>
                ) : null
              }
            />
            <Field
              label={t('website')}
              value={
                query.data.website ? (
                  <a
                    href={
                      /^https?:\/\//i.test(query.data.website)
                        ? query.data.website
                        : `https://${query.data.website}`
                    }
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-2 break-all text-primary-700 hover:underline"
                  >
                    <Globe className="size-4 shrink-0" aria-hidden /> {query.data.website}
                  </a>
                ) : null
              }
            />
            <Field
              className="sm:col-span-2"
              label={t('address')}
              value={
                <span className="inline-flex items-start gap-2">
                  <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />{' '}
                  {query.data.address}
                </span>
              }
            />
          </dl>
        </Card>
      )}
    </div>
  );
}
