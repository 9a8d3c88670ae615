import { INDIAN_STATES_AND_UTS } from '@portal/contract';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { PasswordField, SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import type { FormValues } from './registration-form.ts';

// The fields of the registration's three steps (spec §2–§5).

interface StepProps {
  register: UseFormRegister<FormValues>;
  errors: FieldErrors<FormValues>;
}

/** Step 1; `address` is the portal address field, placed after the agency name. */
export function PersonalStep({ register, errors, address }: StepProps & { address: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">Personal & Contact Info</legend>
      <TextField
        label="Agency Owner"
        autoComplete="name"
        error={errors.ClientName?.message}
        {...register('ClientName')}
      />
      <TextField
        label="Agency Name"
        autoComplete="organization"
        error={errors.AgencyName?.message}
        {...register('AgencyName')}
      />
      {address}
      <TextField
        label="Agency Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.AgencyEmail?.message}
        {...register('AgencyEmail')}
      />
      <TextField
        label="Agency Phone Number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        error={errors.AgencyPhoneNumber?.message}
        {...register('AgencyPhoneNumber')}
      />
      <PasswordField
        label="Agency Password"
        autoComplete="new-password"
        error={errors.AgencyPassword?.message}
        hint="At least 8 characters with upper and lower case letters, a number and a special character."
        {...register('AgencyPassword')}
      />
      <TextField
        label="Alternate Phone Number"
        optional
        type="tel"
        inputMode="tel"
        error={errors.AlternatePhoneNumber?.message}
        {...register('AlternatePhoneNumber')}
      />
    </fieldset>
  );
}

export function AddressStep({ register, errors }: StepProps) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">Address & Media</legend>
      <TextField
        label="Locality"
        autoComplete="address-line1"
        error={errors.Locality?.message}
        {...register('Locality')}
      />
      <TextField
        label="Society"
        optional
        autoComplete="address-line2"
        error={errors.Society?.message}
        {...register('Society')}
      />
      <TextField
        label="City"
        autoComplete="address-level2"
        error={errors.City?.message}
        {...register('City')}
      />
      <SelectField
        label="State"
        placeholder="Select a state or union territory"
        options={INDIAN_STATES_AND_UTS}
        error={errors.StateName?.message}
        {...register('StateName')}
      />
      <TextField
        label="Pincode"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        error={errors.Pincode?.message}
        {...register('Pincode')}
      />
    </fieldset>
  );
}

export function CompanyStep({ register, errors, control }: StepProps & { control: Control<FormValues> }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">Company Profile</legend>
      <TextField
        label="Years in Business"
        optional
        type="number"
        inputMode="numeric"
        min={0}
        max={200}
        error={errors.YearsInBusiness?.message}
        {...register('YearsInBusiness')}
      />
      <TextField
        label="Website"
        optional
        type="url"
        inputMode="url"
        placeholder="www.youragency.in"
        error={errors.Website?.message}
        {...register('Website')}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label="Company Description"
          optional
          rows={3}
          error={errors.CompanyDescription?.message}
          {...register('CompanyDescription')}
        />
      </div>
      <div className="flex flex-col gap-3 sm:col-span-2">
        <Controller
          control={control}
          name="termsAccepted"
          render={({ field, fieldState }) => (
            <Checkbox
              name={field.name}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              label={
                <>
                  I accept the{' '}
                  <a
                    href="/terms"
                    target="_blank"
                    rel="noreferrer"
                    className="font-medium text-primary-700 underline"
                  >
                    Terms and Conditions
                  </a>
                </>
              }
            />
          )}
        />
        <Controller
          control={control}
          name="newsletterSubscribed"
          render={({ field }) => (
            <Checkbox
              name={field.name}
              checked={field.value}
              onCheckedChange={field.onChange}
              label="Send me product news and tips for agencies (optional)"
            />
          )}
        />
      </div>
    </fieldset>
  );
}
