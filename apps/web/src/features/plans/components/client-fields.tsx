import { GENDERS, INDIAN_STATES_AND_UTS } from '@portal/contract';
import { ShieldCheck } from 'lucide-react';
import { PasswordField, SelectField, TextField } from '../../../components/ui/field.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import type { ClientField, ClientForm, StepKey } from './client-values.ts';

export interface ClientFieldsProps {
  step: Exclude<StepKey, 'plans' | 'review'>;
  form: ClientForm;
  errors: Record<string, string>;
  disabled?: boolean;
  onChange: (next: ClientForm) => void;
}

const GENDER_LABELS: Record<string, string> = { male: 'Male', female: 'Female', other: 'Other' };

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 text-sm font-semibold text-slate-800">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** The client's own details, one step of the Add Primary Client form at a time (spec §3 client profile). */
export function ClientFields({ step, form, errors, disabled, onChange }: ClientFieldsProps) {
  const field = (name: ClientField) => ({
    name,
    value: form.values[name],
    error: errors[name],
    disabled,
    onChange: (e: { target: { value: string } }) =>
      onChange({ ...form, values: { ...form.values, [name]: e.target.value } }),
  });

  if (step === 'personal') {
    return (
      <Group title="Personal details">
        <TextField label="First Name" autoComplete="off" {...field('first_name')} />
        <TextField label="Last Name" optional autoComplete="off" {...field('last_name')} />
        <TextField label="Date of Birth" type="date" optional {...field('date_of_birth')} />
        <SelectField
          label="Gender"
          optional
          placeholder="Select gender"
          options={GENDERS}
          optionLabels={GENDER_LABELS}
          {...field('gender')}
        />
        <TextField label="Nationality" optional {...field('nationality')} />
        <TextField label="Occupation" optional placeholder="Architect" {...field('occupation')} />
      </Group>
    );
  }

  if (step === 'contact') {
    return (
      <div className="flex flex-col gap-8">
        <Group title="Contact">
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            optional
            hint="Needed for portal access: the client signs in with it."
            autoComplete="off"
            {...field('email')}
          />
          <TextField label="Phone Number" type="tel" inputMode="tel" optional {...field('phone')} />
          <TextField
            label="Alternate Phone Number"
            type="tel"
            inputMode="tel"
            optional
            {...field('alternate_phone')}
          />
          <div className="hidden sm:block" />
          <TextField label="Emergency Contact Name" optional {...field('emergency_contact_name')} />
          <TextField
            label="Emergency Contact Phone"
            type="tel"
            inputMode="tel"
            optional
            {...field('emergency_contact_phone')}
          />
        </Group>
        <Group title="Address">
          <TextField label="House Number" optional placeholder="B-402" {...field('house_number')} />
          <TextField label="Society" optional {...field('society')} />
          <TextField label="Locality" optional {...field('locality')} />
          <TextField label="City" optional {...field('city')} />
          <SelectField
            label="State"
            optional
            placeholder="Select a state or union territory"
            options={INDIAN_STATES_AND_UTS}
            {...field('state')}
          />
          <TextField label="Pincode" inputMode="numeric" optional maxLength={6} {...field('pincode')} />
        </Group>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <Group title="Identity">
        <TextField
          label="PAN Number"
          autoComplete="off"
          placeholder="ABCDE1234F"
          hint="Stored encrypted; screens show only the last 4 characters."
          className="uppercase placeholder:normal-case"
          {...field('pan_number')}
        />
        <TextField
          label="Aadhaar Number"
          optional
          inputMode="numeric"
          autoComplete="off"
          hint="Only the last 4 digits are kept."
          {...field('aadhaar_number')}
        />
        <div className="sm:col-span-2">
          <TextField
            label="Photo"
            type="file"
            optional
            accept="image/png,image/jpeg,image/webp"
            hint={form.avatar ? `Chosen: ${form.avatar.name}` : 'PNG, JPEG or WebP, up to 10 MiB.'}
            error={errors.avatar}
            disabled={disabled}
            onChange={(e) => onChange({ ...form, avatar: e.target.files?.[0] ?? null })}
            className="file:mr-3 file:rounded file:border-0 file:bg-primary-50 file:px-3 file:py-1 file:text-primary-800"
          />
        </div>
      </Group>
      <fieldset className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50/60 p-4">
        <legend className="sr-only">Portal access</legend>
        <div className="flex items-start justify-between gap-4">
          <div className="flex gap-3">
            <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary-700" aria-hidden />
            <div>
              <p className="font-medium text-slate-900">Portal access</p>
              <p className="text-sm text-slate-600">
                {form.portalEnabled
                  ? 'The client signs in with their email and this initial password, then must choose their own.'
                  : 'Off: the client cannot sign in. You can turn it on later from their record.'}
              </p>
            </div>
          </div>
          <Switch
            label="Portal access"
            checked={form.portalEnabled}
            disabled={disabled}
            onCheckedChange={(portalEnabled) => onChange({ ...form, portalEnabled })}
          />
        </div>
        {form.portalEnabled ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Sign-in Email"
              type="email"
              inputMode="email"
              autoComplete="off"
              value={form.values.email}
              error={errors.email}
              disabled={disabled}
              onChange={(e) => onChange({ ...form, values: { ...form.values, email: e.target.value } })}
            />
            <PasswordField
              label="Initial Password"
              autoComplete="new-password"
              hint="Min 8 chars, 1 uppercase, 1 lowercase, 1 number, 1 special char."
              value={form.initialPassword}
              error={errors['portal_access.initial_password']}
              disabled={disabled}
              onChange={(e) => onChange({ ...form, initialPassword: e.target.value })}
            />
          </div>
        ) : null}
      </fieldset>
    </div>
  );
}
