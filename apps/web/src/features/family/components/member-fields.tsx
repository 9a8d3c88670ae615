import { INDIAN_STATES_AND_UTS, RELATIONSHIPS, type SecondaryClient } from '@portal/contract';
import { type ReactNode, useId } from 'react';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import type { MemberField, MemberValues } from './member-values.ts';

// A family member is someone other than the client: every relationship but Self.
const MEMBER_RELATIONSHIPS = RELATIONSHIPS.filter((r) => r !== 'Self');
const GENDER_LABELS = { male: 'Male', female: 'Female', other: 'Other' };

export function FormGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-4 font-semibold text-slate-900">
        {title}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

export interface MemberFieldsProps {
  values: MemberValues;
  errors: Record<string, string>;
  onChange: (field: MemberField, value: string) => void;
  /** The member being edited: its masked numbers say what is already stored. */
  saved?: SecondaryClient | null;
  /** The primary client's address, offered as "Same address as {name}" (issue 24 item 10). */
  sameAddressAs?: { name: string; address: Record<AddressField, string> } | null;
}

export const ADDRESS_FIELDS = ['house_number', 'society', 'locality', 'city', 'state', 'pincode'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Every field of spec §3's secondary client detail, grouped as the detail screen shows them. */
export function MemberFields({ values, errors, onChange, saved, sameAddressAs }: MemberFieldsProps) {
  const sameAddress =
    sameAddressAs != null &&
    Object.values(sameAddressAs.address).some(Boolean) &&
    ADDRESS_FIELDS.every((f) => values[f] === sameAddressAs.address[f]);
  const field = (name: MemberField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
  });
  const secretHint = (name: 'aadhaar_number' | 'pan_number' | 'cif_number' | 'account_number') =>
    saved?.[name]
      ? `Saved as ${saved[name]}. Leave blank to keep it.`
      : name === 'aadhaar_number'
        ? 'Only the last 4 digits are kept.'
        : 'Stored encrypted; only the last 4 characters are ever shown.';

  return (
    <>
      <FormGroup title="Personal details">
        <TextField label="First Name" autoComplete="off" {...field('first_name')} />
        <TextField label="Last Name" optional autoComplete="off" {...field('last_name')} />
        <TextField
          label="Relationship"
          list="family-relationships"
          placeholder="Spouse, Son, Mother…"
          hint="Their relation to the primary client."
          {...field('relationship')}
        />
        <datalist id="family-relationships">
          {MEMBER_RELATIONSHIPS.map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>
        <TextField
          label="Relation Type"
          optional
          placeholder="Dependant, Nominee…"
          {...field('relation_type')}
        />
        <DateField label="Date Of Birth" optional {...field('date_of_birth')} />
        <SelectField
          label="Gender"
          optional
          placeholder="Select"
          options={Object.keys(GENDER_LABELS)}
          optionLabels={GENDER_LABELS}
          {...field('gender')}
        />
      </FormGroup>

      <FormGroup title="Contact & Address">
        <TextField label="Email" type="email" optional inputMode="email" {...field('email')} />
        <TextField label="Phone Number" type="tel" optional inputMode="tel" {...field('phone')} />
        <TextField
          label="Alternate Phone Number"
          type="tel"
          optional
          inputMode="tel"
          {...field('alternate_phone')}
        />
        {sameAddressAs && Object.values(sameAddressAs.address).some(Boolean) ? (
          <div className="sm:col-span-2">
            <Checkbox
              label={`Same address as ${sameAddressAs.name}`}
              checked={sameAddress}
              onCheckedChange={(on) => {
                for (const f of ADDRESS_FIELDS) onChange(f, on ? sameAddressAs.address[f] : '');
              }}
            />
          </div>
        ) : null}
        <TextField label="House Number" optional {...field('house_number')} />
        <TextField label="Society" optional {...field('society')} />
        <TextField label="Locality" optional {...field('locality')} />
        <TextField label="City" optional {...field('city')} />
        <SelectField
          label="State"
          optional
          placeholder="Select a state"
          options={INDIAN_STATES_AND_UTS}
          {...field('state')}
        />
        <TextField label="Pincode" optional inputMode="numeric" maxLength={6} {...field('pincode')} />
      </FormGroup>

      <FormGroup title="Health Information">
        <TextField
          label="Height (cm)"
          optional
          inputMode="decimal"
          placeholder="165"
          {...field('height_cm')}
        />
        <TextField
          label="Weight (kg)"
          optional
          inputMode="decimal"
          placeholder="60"
          {...field('weight_kg')}
        />
        <div className="sm:col-span-2">
          <TextAreaField
            label="Medical Conditions"
            optional
            placeholder="Conditions an insurer should know about, or leave blank"
            {...field('medical_conditions')}
          />
        </div>
      </FormGroup>

      <FormGroup title="Banking & Identification">
        <TextField
          label="Aadhaar Number"
          optional
          inputMode="numeric"
          autoComplete="off"
          placeholder="12 digits"
          hint={secretHint('aadhaar_number')}
          {...field('aadhaar_number')}
        />
        <TextField
          label="PAN Number"
          optional
          autoComplete="off"
          placeholder="ABCDE1234F"
          className="uppercase placeholder:normal-case"
          hint={secretHint('pan_number')}
          {...field('pan_number')}
        />
        <TextField
          label="CIF Number"
          optional
          autoComplete="off"
          hint={secretHint('cif_number')}
          {...field('cif_number')}
        />
        <TextField
          label="Account Number"
          optional
          inputMode="numeric"
          autoComplete="off"
          hint={secretHint('account_number')}
          {...field('account_number')}
        />
        <TextField
          label="IFSC Code"
          optional
          autoComplete="off"
          placeholder="HDFC0001234"
          className="uppercase placeholder:normal-case"
          {...field('ifsc_code')}
        />
      </FormGroup>
    </>
  );
}
