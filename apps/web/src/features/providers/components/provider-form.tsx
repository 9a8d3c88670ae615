import {
  InsuranceProviderPayloadSchema,
  InvestmentProviderPayloadSchema,
  LOGO_MAX_BYTES,
  type Provider,
  type Service,
  type ServiceCategory,
} from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useSaveProvider } from '../api/save-provider.ts';

type Values = Record<
  | 'service_id'
  | 'provider_name'
  | 'agency_code'
  | 'startdate'
  | 'agent_name'
  | 'email'
  | 'mobile_number'
  | 'bank_name'
  | 'account_number'
  | 'investment_type'
  | 'agency_type'
  | 'arn_number'
  | 'arn_expiry'
  | 'euin_number',
  string
>;

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

function initialValues(provider: Provider | null): Values {
  return {
    service_id: provider?.service_id ?? '',
    provider_name: provider?.provider_name ?? '',
    agency_code: provider?.agency_code ?? '',
    startdate: provider?.startdate ?? '',
    agent_name: provider?.agent_name ?? '',
    email: provider?.email ?? '',
    mobile_number: provider?.mobile_number ?? '',
    bank_name: provider?.bank_details.bank_name ?? '',
    // The stored number is never sent to the browser; blank keeps it (decisions §5).
    account_number: '',
    investment_type: provider?.investment_type ?? '',
    agency_type: provider?.agency_type ?? '',
    arn_number: provider?.arn_number ?? '',
    arn_expiry: provider?.arn_expiry ?? '',
    euin_number: provider?.euin_number ?? '',
  };
}

function toPayload(values: Values, category: ServiceCategory) {
  const base = {
    service_id: values.service_id,
    provider_name: values.provider_name,
    agency_code: values.agency_code,
    startdate: values.startdate,
    agent_name: values.agent_name,
    email: values.email,
    mobile_number: values.mobile_number,
    bank_details: { bank_name: values.bank_name, account_number: values.account_number },
  };
  if (category === 'insurance') return base;
  return {
    ...base,
    investment_type: values.investment_type,
    agency_type: values.agency_type,
    arn_number: values.arn_number,
    arn_expiry: values.arn_expiry,
    euin_number: values.euin_number,
  };
}

/** Field errors keyed as the form's fields ('bank_details.account_number' → 'account_number'). */
function fieldKey(path: string): string {
  return path.replace(/^bank_details\./, '');
}

export interface ProviderFormProps {
  category: ServiceCategory;
  services: Service[];
  provider: Provider | null;
  onClose: () => void;
  onSaved: (provider: Provider) => void;
}

/** Add or edit an insurance or investment company with every payload field of spec §3. */
export function ProviderFormModal({ category, services, provider, onClose, onSaved }: ProviderFormProps) {
  const [values, setValues] = useState<Values>(() => initialValues(provider));
  const [logo, setLogo] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const save = useSaveProvider(category);
  const noun = category === 'insurance' ? 'insurance company' : 'investment company';

  const field = (name: keyof Values) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: errors[name],
    name,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const payload = toPayload(values, category);
    const schema =
      category === 'insurance' ? InsuranceProviderPayloadSchema : InvestmentProviderPayloadSchema;
    const parsed = schema.safeParse(payload);
    const found: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[fieldKey(issue.path.join('.'))] ??= issue.message;
    }
    if (logo && !LOGO_TYPES.includes(logo.type))
      found.providerlogourl = 'Logo must be a PNG, JPEG or WebP image.';
    else if (logo && logo.size > LOGO_MAX_BYTES) found.providerlogourl = 'Logo must be at most 2 MiB.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saved = await save.mutateAsync({ payload, logo, providerId: provider?.provider_id });
      notify('success', provider ? `${saved.provider_name} updated.` : `${saved.provider_name} added.`);
      onSaved(saved);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError) {
        const mapped: Record<string, string> = {};
        for (const [key, message] of Object.entries(err.fields)) mapped[fieldKey(key)] = message;
        setErrors(mapped);
        notify('error', err.message);
      }
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={provider ? `Edit ${provider.provider_name}` : `Add ${noun}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="provider-form" busy={busy}>
            {busy ? 'Saving...' : provider ? 'Save Changes' : `Add ${noun}`}
          </Button>
        </>
      }
    >
      <form id="provider-form" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <SelectField
            label="Service"
            placeholder="Select a service"
            options={services.map((s) => s.service_id)}
            optionLabels={Object.fromEntries(services.map((s) => [s.service_id, s.name]))}
            {...field('service_id')}
            error={errors.service_id}
          />
        </div>
        <TextField label="Provider Name" autoComplete="organization" {...field('provider_name')} />
        <TextField
          label="Agency Code"
          hint="Your agent or broker code with this company."
          {...field('agency_code')}
        />
        <DateField label="Start Date" optional {...field('startdate')} />
        <TextField label="Agent Name" optional {...field('agent_name')} />
        <TextField label="Email" type="email" optional inputMode="email" {...field('email')} />
        <TextField label="Mobile Number" type="tel" optional inputMode="tel" {...field('mobile_number')} />
        <TextField label="Bank Name" optional {...field('bank_name')} />
        <TextField
          label="Account Number"
          optional
          inputMode="numeric"
          autoComplete="off"
          hint={
            provider?.bank_details.account_number
              ? `Saved as ${provider.bank_details.account_number}. Leave blank to keep it.`
              : 'Stored encrypted; only the last 4 digits are ever shown.'
          }
          {...field('account_number')}
        />
        {category === 'investment' ? (
          <>
            <TextField
              label="Investment Type"
              optional
              placeholder="Mutual funds distribution"
              {...field('investment_type')}
            />
            <TextField
              label="Agency Type"
              optional
              placeholder="Individual, Corporate…"
              {...field('agency_type')}
            />
            <TextField label="ARN Number" optional placeholder="ARN-123456" {...field('arn_number')} />
            <DateField label="ARN Expiry" optional {...field('arn_expiry')} />
            <TextField label="EUIN Number" optional placeholder="E123456" {...field('euin_number')} />
          </>
        ) : null}
        <div className="sm:col-span-2">
          <TextField
            label="Logo"
            type="file"
            optional
            accept={LOGO_TYPES.join(',')}
            hint={
              provider?.logo_url
                ? 'PNG, JPEG or WebP, up to 2 MiB. Choose a file to replace the current logo.'
                : 'PNG, JPEG or WebP, up to 2 MiB.'
            }
            error={errors.providerlogourl}
            onChange={(e) => setLogo(e.target.files?.[0] ?? null)}
            className="file:mr-3 file:rounded file:border-0 file:bg-primary-50 file:px-3 file:py-1 file:text-primary-800"
          />
        </div>
      </form>
    </Modal>
  );
}
