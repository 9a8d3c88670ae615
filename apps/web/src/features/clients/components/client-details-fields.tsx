import { GENDERS, INDIAN_STATES_AND_UTS, PAN_HINT_NEW, type PrimaryClient } from '@portal/contract';
import { ShieldCheck } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { DateField } from '../../../components/ui/date-field.tsx';
import { PasswordField, SelectField, TextField } from '../../../components/ui/field.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import type { ClientField, ClientValues } from './client-details.ts';

// The one form of a primary client's own details (spec §3 client profile): the Add Primary Client steps show it
// a part at a time, the edit dialog whole. Editing, it knows the stored client: its masked PAN and Aadhaar (left
// blank to keep them, decision 008), whether it has a photo, whether the client signs in with the email.

export type ClientSection = 'personal' | 'contact' | 'address' | 'identity';

/** The stored client, when editing one. */
export type StoredClient = Pick<
  PrimaryClient,
  'pan_number' | 'aadhaar_number' | 'avatar_url' | 'portal_access'
>;

export interface ClientDetailsFieldsProps {
  /** The parts shown, each a titled group, in the form's own order. */
  sections: readonly ClientSection[];
  values: ClientValues;
  /** Messages keyed by field ('pincode') and 'avatar' for the photo. */
  errors: Readonly<Record<string, string | undefined>>;
  disabled?: boolean | undefined;
  onField: (name: ClientField, value: string) => void;
  /** The photo chosen, in the identity part; without `onPhoto` the part has no photo. */
  photo?: File | null;
  onPhoto?: (file: File | null) => void;
  stored?: StoredClient | undefined;
  /** The client holds (or will hold) an investment, so the PAN is required for KYC (issue 24 item 7). */
  panRequired?: boolean | undefined;
}

const GENDER_LABELS: Record<string, string> = { male: 'Male', female: 'Female', other: 'Other' };

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 text-sm font-semibold text-slate-800">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** The groups asked for, side by side in the caller's container (which sets the space between them). */
export function ClientDetailsFields({
  sections,
  values,
  errors,
  disabled,
  onField,
  photo = null,
  onPhoto,
  stored,
  panRequired = false,
}: ClientDetailsFieldsProps) {
  const prefix = useId();
  const field = (name: ClientField) => ({
    id: `${prefix}${name}`,
    name,
    value: values[name],
    error: errors[name],
    disabled,
    onChange: (e: { target: { value: string } }) => onField(name, e.target.value),
  });
  const shows = (section: ClientSection) => sections.includes(section);

  return (
    <>
      {shows('personal') ? (
        <Group title="Personal details">
          <TextField label="First Name" autoComplete="off" {...field('first_name')} />
          <TextField label="Last Name" optional autoComplete="off" {...field('last_name')} />
          <DateField label="Date of Birth" optional {...field('date_of_birth')} />
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
      ) : null}
      {shows('contact') ? (
        <Group title="Contact">
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            optional={!stored?.portal_access}
            hint={
              stored?.portal_access
                ? 'The client also signs in to the portal with it.'
                : 'Needed for portal access: the client signs in with it.'
            }
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
      ) : null}
      {shows('address') ? (
        <Group title="Address">
          <TextField label="House Number" optional placeholder="B-402" {...field('house_number')} />
          <TextField label="Society" optional {...field('society')} />
          <TextField label="Locality" optional {...field('locality')} />
          <TextField label="City" optional {...field('city')} />
          <SelectField
            label="State"
            optional
            placeholder="Select a state or union territory"
            options={
              // A stored state outside today's list stays choosable rather than being dropped on save.
              values.state && !INDIAN_STATES_AND_UTS.includes(values.state as never)
                ? [...INDIAN_STATES_AND_UTS, values.state]
                : INDIAN_STATES_AND_UTS
            }
            {...field('state')}
          />
          <TextField label="Pincode" inputMode="numeric" optional maxLength={6} {...field('pincode')} />
        </Group>
      ) : null}
      {shows('identity') ? (
        <Group title="Identity">
          <TextField
            label="PAN Number"
            optional={!panRequired && !stored?.pan_number}
            autoComplete="off"
            placeholder={stored?.pan_number ?? 'ABCDE1234F'}
            hint={
              stored?.pan_number
                ? `Stored: ${stored.pan_number}. Leave blank to keep it, or type the full PAN to change it.`
                : `${panRequired ? 'Required: this client holds an investment (KYC).' : PAN_HINT_NEW} Stored encrypted; screens show only the last 4 characters.`
            }
            className="uppercase placeholder:normal-case"
            {...field('pan_number')}
          />
          <TextField
            label="Aadhaar Number"
            optional
            inputMode="numeric"
            autoComplete="off"
            placeholder={stored?.aadhaar_number ?? '12 digits'}
            hint={
              stored?.aadhaar_number
                ? `Stored: ${stored.aadhaar_number}. Leave blank to keep it; only the last 4 digits are kept.`
                : 'Only the last 4 digits are kept.'
            }
            {...field('aadhaar_number')}
          />
          {onPhoto ? (
            <div className="sm:col-span-2">
              <TextField
                id={`${prefix}avatar`}
                label={stored?.avatar_url ? 'Replace photo' : 'Photo'}
                type="file"
                optional
                accept="image/png,image/jpeg,image/webp"
                hint={photo ? `Chosen: ${photo.name}` : 'PNG, JPEG or WebP, up to 10 MiB.'}
                error={errors.avatar}
                disabled={disabled}
                onChange={(e) => onPhoto(e.target.files?.[0] ?? null)}
                className="file:mr-3 file:rounded file:border-0 file:bg-primary-50 file:px-3 file:py-1 file:text-primary-800"
              />
            </div>
          ) : null}
        </Group>
      ) : null}
    </>
  );
}

export interface PortalAccessFieldsProps {
  enabled: boolean;
  /** The client's email, which they sign in with. */
  email: string;
  initialPassword: string;
  /** Messages keyed as the request's paths: 'email', 'portal_access.initial_password'. */
  errors: Readonly<Record<string, string | undefined>>;
  disabled?: boolean | undefined;
  onEnabled: (enabled: boolean) => void;
  onEmail: (email: string) => void;
  onInitialPassword: (password: string) => void;
}

/** A new client's portal access: off, or on with the email they sign in with and an initial password. */
export function PortalAccessFields({
  enabled,
  email,
  initialPassword,
  errors,
  disabled,
  onEnabled,
  onEmail,
  onInitialPassword,
}: PortalAccessFieldsProps) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50/60 p-4">
      <legend className="sr-only">Portal access</legend>
      <div className="flex items-start justify-between gap-4">
        <div className="flex gap-3">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary-700" aria-hidden />
          <div>
            <p className="font-medium text-slate-900">Portal access</p>
            <p className="text-sm text-slate-600">
              {enabled
                ? 'The client signs in with their email and this initial password, then must choose their own.'
                : 'Off: the client cannot sign in. You can turn it on later from their record.'}
            </p>
          </div>
        </div>
        <Switch label="Portal access" checked={enabled} disabled={disabled} onCheckedChange={onEnabled} />
      </div>
      {enabled ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Sign-in Email"
            type="email"
            inputMode="email"
            autoComplete="off"
            value={email}
            error={errors.email}
            disabled={disabled}
            onChange={(e) => onEmail(e.target.value)}
          />
          <PasswordField
            label="Initial Password"
            autoComplete="new-password"
            hint="Min 8 chars, 1 uppercase, 1 lowercase, 1 number, 1 special char."
            value={initialPassword}
            error={errors['portal_access.initial_password']}
            disabled={disabled}
            onChange={(e) => onInitialPassword(e.target.value)}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
