import { type Branding, PORTAL_VERSION } from '@portal/contract';
import { BellRing, FileText, FileUp, LineChart, Lock, ShieldCheck, Users } from 'lucide-react';
import { BrandMark } from '../../../components/ui/brand-mark.tsx';
import { useAuthText } from '../../../i18n/lite.ts';

const FEATURES = [
  { icon: ShieldCheck, text: 'featureSecure' },
  { icon: FileUp, text: 'featureUpload' },
  { icon: LineChart, text: 'featureTracking' },
  { icon: Users, text: 'featureClientPortal' },
  { icon: BellRing, text: 'featureReminders' },
] as const;

// At an agency's address the panel is the agency's: its people are its clients (issue 24 item 4).
const CLIENT_FEATURES = [
  { icon: ShieldCheck, text: 'clientFeaturePlans' },
  { icon: FileText, text: 'clientFeatureDocuments' },
  { icon: BellRing, text: 'clientFeatureReminders' },
  { icon: Users, text: 'clientFeatureFamily' },
] as const;

type Agency = NonNullable<Branding['agency']>;

function Footer() {
  const { t } = useAuthText();
  return (
    <div className="hidden items-center justify-between gap-4 text-sm text-primary-100 md:flex">
      <span className="flex items-center gap-2">
        <Lock className="size-4" aria-hidden />
        {t('sslNote')}
      </span>
      <span className="whitespace-nowrap">{t('version', { version: PORTAL_VERSION })}</span>
    </div>
  );
}

function FeatureList({ items }: { items: typeof FEATURES | typeof CLIENT_FEATURES }) {
  const { t } = useAuthText();
  return (
    <ul className="mt-8 hidden space-y-3 md:block">
      {items.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-3 text-primary-50">
          <span className="flex size-8 items-center justify-center rounded-md bg-white/10">
            <Icon className="size-4" aria-hidden />
          </span>
          {t(text)}
        </li>
      ))}
    </ul>
  );
}

const PANEL =
  'flex flex-col justify-between gap-8 bg-gradient-to-br from-primary-900 via-primary-800 to-primary-700 px-6 py-5 text-white md:px-12 md:py-12';

/** The agency's own panel: its logo (or initial) and name, and what its clients find inside. */
function AgencyPanel({ agency }: { agency: Agency }) {
  const { t } = useAuthText();
  return (
    <aside className={PANEL}>
      <div>
        <div className="flex items-center gap-3">
          <BrandMark name={agency.name} logoUrl={agency.logo_url} className="size-12 text-xl md:size-16" />
          <div className="min-w-0">
            <span className="block text-xl font-semibold tracking-tight break-words md:text-2xl">
              {agency.name}
            </span>
            <p className="text-sm text-primary-100">{t('clientPortal')}</p>
          </div>
        </div>
        <h1 className="mt-8 hidden max-w-md text-3xl leading-tight font-semibold md:block">
          {t('clientHeadline')}
        </h1>
        <p className="mt-3 hidden max-w-md text-primary-100 md:block">{t('clientIntro')}</p>
        <FeatureList items={CLIENT_FEATURES} />
      </div>
      <Footer />
    </aside>
  );
}

/**
 * The sign-in screen's marketing panel (spec §1–§2): product name, promises, SSL footer, version; at an agency's
 * address, the agency's name and logo instead.
 */
export function MarketingPanel({ agency = null }: { agency?: Agency | null }) {
  const { t } = useAuthText();
  if (agency) return <AgencyPanel agency={agency} />;
  return (
    <aside className={PANEL}>
      <div>
        <div className="flex items-center gap-3">
          <img src="/favicon.svg" alt="" className="size-10 rounded-lg ring-1 ring-white/30" />
          <div>
            <span className="text-xl font-semibold tracking-tight">Agency Portal</span>
            <p className="text-sm text-primary-100 md:hidden">{t('tagline')}</p>
          </div>
        </div>
        <h1 className="mt-8 hidden max-w-md text-3xl leading-tight font-semibold md:block">
          {t('headline')}
        </h1>
        <p className="mt-3 hidden max-w-md text-primary-100 md:block">{t('intro')}</p>
        <FeatureList items={FEATURES} />
      </div>
      <Footer />
    </aside>
  );
}
