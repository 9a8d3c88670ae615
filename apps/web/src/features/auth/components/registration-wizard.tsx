import { zodResolver } from '@hookform/resolvers/zod';
import {
  COUNTRY_ID_INDIA,
  INDIAN_STATES_AND_UTS,
  INSERTED_BY_SYSTEM,
  MSG,
  REGISTRATION_REDIRECT_MS,
  REGISTRATION_STEPS,
  type RegistrationInput,
  RegistrationSchema,
  RegistrationStep1Schema,
  RegistrationStep2Schema,
  RegistrationStep3Schema,
  slugify,
} from '@portal/contract';
import * as Progress from '@radix-ui/react-progress';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, type FieldPath, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PasswordField, SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { registerAgency } from '../api/auth-calls.ts';

// The three-step registration of spec §2–§5. The schemas are the API's own (packages/contract).

type FormValues = {
  ClientName: string;
  AgencyName: string;
  AgencyEmail: string;
  AgencyPhoneNumber: string;
  AgencyPassword: string;
  AlternatePhoneNumber: string;
  Locality: string;
  Society: string;
  City: string;
  StateName: string;
  Pincode: string;
  YearsInBusiness: string;
  Website: string;
  CompanyDescription: string;
  termsAccepted: boolean;
  newsletterSubscribed: boolean;
};

const EMPTY: FormValues = {
  ClientName: '',
  AgencyName: '',
  AgencyEmail: '',
  AgencyPhoneNumber: '',
  AgencyPassword: '',
  AlternatePhoneNumber: '',
  Locality: '',
  Society: '',
  City: '',
  StateName: '',
  Pincode: '',
  YearsInBusiness: '',
  Website: '',
  CompanyDescription: '',
  termsAccepted: false,
  newsletterSubscribed: false,
};

const STEPS = [
  { title: 'Personal & Contact Info', schema: RegistrationStep1Schema },
  { title: 'Address & Media', schema: RegistrationStep2Schema },
  { title: 'Company Profile', schema: RegistrationStep3Schema },
] as const;

function fieldsOf(step: number): FieldPath<FormValues>[] {
  return Object.keys(STEPS[step]!.schema.shape) as FieldPath<FormValues>[];
}

function stepOfField(field: string): number {
  const index = STEPS.findIndex((s) => field in s.schema.shape);
  return index < 0 ? 0 : index;
}

function isPartlyFilled(values: FormValues): boolean {
  return Object.entries(values).some(([, v]) => (typeof v === 'string' ? v.trim() !== '' : v === true));
}

export interface RegistrationWizardProps {
  onBackToSignIn: () => void;
  /** Lets the screen ask before leaving a partly filled form. */
  onDirtyChange?: (dirty: boolean) => void;
}

/** The fields' labels on screen, to name what a step still needs. */
const FIELD_LABELS: Record<string, string> = {
  ClientName: 'Agency Owner',
  AgencyName: 'Agency Name',
  AgencyEmail: 'Agency Email',
  AgencyPhoneNumber: 'Agency Phone Number',
  AgencyPassword: 'Agency Password',
  AlternatePhoneNumber: 'Alternate Phone Number',
  Locality: 'Locality',
  Society: 'Society',
  City: 'City',
  StateName: 'State',
  Pincode: 'Pincode',
  YearsInBusiness: 'Years in Business',
  Website: 'Website',
  CompanyDescription: 'Company Description',
  termsAccepted: 'the Terms and Conditions',
};

export function RegistrationWizard({ onBackToSignIn, onDirtyChange }: RegistrationWizardProps) {
  const [step, setStep] = useState(0);
  const [discardOpen, setDiscardOpen] = useState(false);
  const [portalUrl, setPortalUrl] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    trigger,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    // The form keeps strings; the schema turns them into the API's types.
    resolver: zodResolver(RegistrationSchema) as unknown as Resolver<FormValues>,
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const values = useWatch({ control }) as FormValues;
  const checked = STEPS[step]!.schema.safeParse(values);
  const stepValid = checked.success;
  // What keeps Next disabled, by the fields' own labels (issue 24 item 13: a form says what is missing).
  const missing = checked.success
    ? []
    : [...new Set(checked.error.issues.map((i) => FIELD_LABELS[String(i.path[0])] ?? String(i.path[0])))];
  const dirty = isPartlyFilled(values) && portalUrl === null;

  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  // Leaving the page with a partly filled form asks first (decisions §4: the discard dialog is real).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const next = async () => {
    if (await trigger(fieldsOf(step))) setStep((s) => Math.min(s + 1, REGISTRATION_STEPS - 1));
  };

  const back = () => {
    if (dirty) setDiscardOpen(true);
    else onBackToSignIn();
  };

  const onSubmit = handleSubmit(async (form) => {
    const body: RegistrationInput = {
      ...form,
      YearsInBusiness: form.YearsInBusiness === '' ? undefined : Number(form.YearsInBusiness),
      InsertedBy: INSERTED_BY_SYSTEM,
      CountryId: COUNTRY_ID_INDIA,
    };
    try {
      const { data } = await registerAgency(body);
      setPortalUrl(data.portal_url);
      notify('success', MSG.registrationSuccess);
      window.setTimeout(() => window.location.assign(data.portal_url), REGISTRATION_REDIRECT_MS);
    } catch (err) {
      const detail = err instanceof ApiError ? (err.detail ?? err.message) : null;
      notify('error', detail || MSG.registrationError);
      if (err instanceof ApiError) {
        const fields = Object.entries(err.fields).filter(([name]) => name in EMPTY);
        for (const [name, message] of fields) setError(name as FieldPath<FormValues>, { message });
        if (fields[0]) setStep(stepOfField(fields[0][0]));
      }
    }
  });

  const slug = slugify(values.AgencyName ?? '');
  const percent = Math.round(((step + 1) / REGISTRATION_STEPS) * 100);

  if (portalUrl) {
    return (
      <div className="flex flex-col items-center gap-4 py-8 text-center" role="status">
        <CheckCircle2 className="size-12 text-green-700" aria-hidden />
        <h2 className="text-2xl font-semibold text-slate-900">{MSG.registrationSuccess}</h2>
        <p className="text-slate-600">
          Your agency portal is ready at <span className="font-medium text-slate-900">{portalUrl}</span>.
          Taking you there to sign in…
        </p>
        <Button busy disabled>
          Processing...
        </Button>
      </div>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        // Enter on steps 1–2 moves on instead of submitting fields the user has not seen yet.
        if (step < REGISTRATION_STEPS - 1) {
          event.preventDefault();
          if (stepValid) void next();
          return;
        }
        void onSubmit(event);
      }}
      noValidate
      className="flex flex-col gap-5"
    >
      <div>
        <button
          type="button"
          onClick={back}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Back to sign in
        </button>
        <h2 className="mt-3 text-2xl font-semibold text-slate-900">Register your agency</h2>
        <div className="mt-4 flex items-center justify-between text-sm">
          <span className="font-medium text-slate-800">{STEPS[step]!.title}</span>
          <span className="text-slate-500">
            Step {step + 1} of {REGISTRATION_STEPS}
          </span>
        </div>
        <Progress.Root
          value={percent}
          aria-label={`Registration progress: step ${step + 1} of ${REGISTRATION_STEPS}`}
          className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <Progress.Indicator
            className="h-full bg-primary-700 transition-[width] duration-300"
            style={{ width: `${percent}%` }}
          />
        </Progress.Root>
      </div>

      {step === 0 ? (
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
            hint={
              slug ? (
                <span className="break-all">
                  Portal address: {slug}.{window.location.host}
                </span>
              ) : undefined
            }
            {...register('AgencyName')}
          />
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
      ) : null}

      {step === 1 ? (
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
      ) : null}

      {step === 2 ? (
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
      ) : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button
          variant="secondary"
          onClick={() => setStep((s) => s - 1)}
          disabled={step === 0 || isSubmitting}
        >
          Previous
        </Button>
        {step < REGISTRATION_STEPS - 1 ? (
          <div className="flex flex-col items-stretch gap-2 sm:items-end">
            <Button
              onClick={next}
              disabled={!stepValid}
              aria-describedby={stepValid ? undefined : 'step-missing'}
            >
              Next
            </Button>
            {stepValid ? null : (
              <p id="step-missing" className="text-sm text-slate-500 sm:text-right">
                To continue, complete: {missing.join(', ')}.
              </p>
            )}
          </div>
        ) : (
          <Button type="submit" busy={isSubmitting} disabled={!stepValid}>
            {isSubmitting ? 'Registering...' : 'Complete Registration'}
          </Button>
        )}
      </div>

      <ConfirmDialog
        open={discardOpen}
        onOpenChange={setDiscardOpen}
        title={MSG.discardRegistration}
        description="What you have entered will be lost."
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          setDiscardOpen(false);
          reset(EMPTY);
          setStep(0);
          onBackToSignIn();
        }}
      />
    </form>
  );
}
