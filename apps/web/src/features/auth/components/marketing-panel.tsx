import { PORTAL_VERSION } from '@portal/contract';
import { BellRing, FileUp, LineChart, Lock, ShieldCheck, Users } from 'lucide-react';

const FEATURES = [
  { icon: ShieldCheck, text: 'Secure client data management' },
  { icon: FileUp, text: 'Document upload' },
  { icon: LineChart, text: 'Real-time plan tracking' },
  { icon: Users, text: 'Client portal access' },
  { icon: BellRing, text: 'Automated renewal reminders' },
];

/** The sign-in screen's marketing panel (spec §1–§2): product name, promises, SSL footer, version. */
export function MarketingPanel() {
  return (
    <aside className="flex flex-col justify-between gap-8 bg-gradient-to-br from-primary-900 via-primary-800 to-primary-700 px-6 py-5 text-white md:px-12 md:py-12">
      <div>
        <div className="flex items-center gap-3">
          <img src="/favicon.svg" alt="" className="size-10 rounded-lg ring-1 ring-white/30" />
          <div>
            <span className="text-xl font-semibold tracking-tight">Agency Portal</span>
            <p className="text-sm text-primary-100 md:hidden">
              Insurance and investments, in one secure place.
            </p>
          </div>
        </div>
        <h1 className="mt-8 hidden max-w-md text-3xl leading-tight font-semibold md:block">
          Your insurance and investment book, in one secure place.
        </h1>
        <p className="mt-3 hidden max-w-md text-primary-100 md:block">
          Life, health, motor, travel and home policies, mutual funds, NPS and post-office schemes — for your
          agency and for every client you serve.
        </p>
        <ul className="mt-8 hidden space-y-3 md:block">
          {FEATURES.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3 text-primary-50">
              <span className="flex size-8 items-center justify-center rounded-md bg-white/10">
                <Icon className="size-4" aria-hidden />
              </span>
              {text}
            </li>
          ))}
        </ul>
      </div>
      <div className="hidden items-center justify-between gap-4 text-sm text-primary-100 md:flex">
        <span className="flex items-center gap-2">
          <Lock className="size-4" aria-hidden />
          Your data is protected by 256-bit SSL encryption
        </span>
        <span className="whitespace-nowrap">Version {PORTAL_VERSION}</span>
      </div>
    </aside>
  );
}
