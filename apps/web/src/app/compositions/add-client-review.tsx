import { categoryOfService, type PlanServiceCode, SERVICE_LABELS, type Service } from '@portal/contract';
import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDate, formatMoney } from '../../lib/format.ts';
import type { ClientForm, StepKey } from './add-client-values.ts';

function Block({ title, onEdit, children }: { title: string; onEdit: () => void; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 border-b border-slate-100 pb-5 last:border-0 last:pb-0">
      <div className="flex items-center justify-between gap-3">
        <h4 className="text-sm font-semibold text-slate-800">{title}</h4>
        <button
          type="button"
          onClick={onEdit}
          className="rounded-md px-2 py-1 text-sm font-medium text-primary-700 hover:bg-primary-50"
        >
          Edit<span className="sr-only"> {title}</span>
        </button>
      </div>
      {children}
    </section>
  );
}

function Item({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{value?.trim() ? value : '—'}</dd>
    </div>
  );
}

const masked = (value: string) => {
  const clean = value.replace(/[\s-]/g, '');
  return clean ? `••••${clean.slice(-4).toUpperCase()}` : '';
};

/** The last step of Add Primary Client: everything entered, with a way back to each part. */
export function ClientReview({
  form,
  services,
  onEdit,
}: {
  form: ClientForm;
  services: Service[];
  onEdit: (step: StepKey) => void;
}) {
  const v = form.values;
  const serviceName = (code: string) =>
    services.find((s) => s.code === code)?.name ?? SERVICE_LABELS[code as PlanServiceCode] ?? code;
  const address = [v.house_number, v.society, v.locality, v.city, v.state, v.pincode]
    .filter((x) => x.trim())
    .join(', ');
  return (
    <div className="flex flex-col gap-5">
      <Block title="Personal details" onEdit={() => onEdit('personal')}>
        <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:grid-cols-3">
          <Item label="Name" value={[v.first_name, v.last_name].join(' ')} />
          <Item label="Date of Birth" value={v.date_of_birth ? formatDate(v.date_of_birth) : ''} />
          <Item label="Gender" value={v.gender ? v.gender[0]!.toUpperCase() + v.gender.slice(1) : ''} />
          <Item label="Nationality" value={v.nationality} />
          <Item label="Occupation" value={v.occupation} />
        </dl>
      </Block>
      <Block title="Contact and address" onEdit={() => onEdit('contact')}>
        <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:grid-cols-3">
          <Item label="Email" value={v.email} />
          <Item label="Phone Number" value={v.phone} />
          <Item
            label="Emergency Contact"
            value={[v.emergency_contact_name, v.emergency_contact_phone].filter(Boolean).join(' · ')}
          />
          <div className="min-[420px]:col-span-2 sm:col-span-3">
            <Item label="Address" value={address} />
          </div>
        </dl>
      </Block>
      <Block title="Identity and portal" onEdit={() => onEdit('identity')}>
        <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:grid-cols-3">
          <Item label="PAN Number" value={masked(v.pan_number)} />
          <Item label="Aadhaar Number" value={masked(v.aadhaar_number)} />
          <Item label="Photo" value={form.avatar?.name} />
          <Item
            label="Portal Access"
            value={
              form.portalEnabled ? `On, signs in as ${v.email || '—'} (must change the password)` : 'Off'
            }
          />
        </dl>
      </Block>
      <Block title="Services and plans" onEdit={() => onEdit('plans')}>
        {form.plans.length === 0 ? (
          <p className="text-sm text-slate-600">No plans now: add them later with Add More Plans.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {form.plans.map((plan) => {
              const investment = plan.service_code && categoryOfService(plan.service_code) === 'investment';
              return (
                <li key={plan.key} className="flex flex-wrap items-start justify-between gap-2 p-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {serviceName(plan.service_code)}
                      <span className="font-normal text-slate-500"> · {plan.policy_number || '—'}</span>
                    </p>
                    <p className="text-sm text-slate-600">
                      {formatDate(plan.start_date)} to {formatDate(plan.end_date)}
                      {plan.service_code === 'health'
                        ? ` · ${plan.insured_members.length} insured ${plan.insured_members.length === 1 ? 'member' : 'members'}`
                        : ''}
                      {plan.has_nominee && plan.nominee.full_name
                        ? ` · Nominee ${plan.nominee.full_name}`
                        : ''}
                    </p>
                    {plan.file ? (
                      <p className="mt-1 inline-flex items-center gap-1 text-sm text-slate-500">
                        <FileText className="size-3.5" aria-hidden /> {plan.file.name}
                      </p>
                    ) : null}
                  </div>
                  <p className="text-sm font-medium text-slate-900 tabular-nums">
                    {formatMoney(plan.money)}
                    <span className="font-normal text-slate-500"> {investment ? 'invested' : 'premium'}</span>
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </Block>
    </div>
  );
}
