import { PORTAL_VERSION } from '@portal/contract';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../paths.ts';

const SECTIONS: { title: string; body: string[] }[] = [
  {
    title: '1. Who these terms are for',
    body: [
      'These terms govern the use of Agency Portal by insurance and investment agencies ("agencies"), the people who run them, and the clients to whom an agency gives portal access. By registering an agency you accept them on behalf of the agency.',
    ],
  },
  {
    title: '2. Your agency account',
    body: [
      'You must give true and complete details when you register and keep them up to date. The platform verifies every agency before its clients can sign in; until then you can set up your agency but your clients cannot use the portal.',
      'You are responsible for keeping your password secret and for everything done with your account. Tell us at once if you suspect someone else has used it.',
    ],
  },
  {
    title: "3. Your clients' data",
    body: [
      "You may record a client's personal details, identity numbers, health information, plans and documents only with that client's consent and only for servicing their insurance and investments, as the Digital Personal Data Protection Act, 2023 and your regulator (IRDAI, AMFI or PFRDA) require.",
      "We store Aadhaar numbers as their last four digits only, encrypt PAN, account numbers and documents at rest, and show identity numbers masked. We never sell or share your clients' data, and the platform's administrators cannot see it.",
    ],
  },
  {
    title: '4. Acceptable use',
    body: [
      "Do not upload anything you have no right to hold, try to reach another agency's data, probe or overload the service, or use it to send unsolicited messages.",
    ],
  },
  {
    title: '5. Suspension and closure',
    body: [
      'We may suspend an account that breaks these terms or puts others at risk, and will tell you why. You may close your agency account at any time; we keep records only for as long as the law requires and then delete them.',
    ],
  },
  {
    title: '6. Liability',
    body: [
      'The portal helps you keep records and reminders; it does not replace the policy documents issued by insurers and fund houses, which remain the authoritative record. We are not liable for indirect or consequential loss.',
    ],
  },
  {
    title: '7. Law and disputes',
    body: [
      'These terms are governed by the laws of India, and the courts of India have jurisdiction over any dispute.',
    ],
  },
];

/** /terms: the terms and conditions linked from registration (spec §2). */
export function TermsScreen() {
  useEffect(() => {
    document.title = 'Terms and Conditions · Agency Portal';
  }, []);
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 md:py-14">
      <Link to={paths.root} className="text-sm font-medium text-primary-700 hover:underline">
        ← Back to sign in
      </Link>
      <h1 className="mt-4 text-3xl font-semibold text-slate-900">Terms and Conditions</h1>
      <p className="mt-2 text-sm text-slate-500">Agency Portal, version {PORTAL_VERSION}</p>
      <div className="mt-8 space-y-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
        {SECTIONS.map((section) => (
          <section key={section.title}>
            <h2 className="text-lg font-semibold text-slate-900">{section.title}</h2>
            {section.body.map((paragraph) => (
              <p key={paragraph.slice(0, 40)} className="mt-2 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </div>
    </main>
  );
}
