import { zodResolver } from '@hookform/resolvers/zod';
import {
  COUNTRY_ID_INDIA,
  INSERTED_BY_SYSTEM,
  MSG,
  REGISTRATION_REDIRECT_MS,
  REGISTRATION_STEPS,
  type RegistrationInput,
  RegistrationSchema,
} from '@portal/contract';
import * as Progress from '@radix-ui/react-progress';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type FieldPath, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { registerAgency } from '../api/auth-calls.ts';
import { clearDraft, loadDraft, useSaveDraft } from '../hooks/use-registration-draft.ts';
import { useWizardStep } from '../hooks/use-wizard-step.ts';
import { addressHold, PortalAddressField, usePortalAddress } from './portal-address-field.tsx';
import {
  EMPTY,
  FIELD_LABELS,
  type FormValues,
  fieldsOf,
  firstIncompleteStep,
  isPartlyFilled,
  SECRET_FIELDS,
  STEPS,
  stepOfField,
} from './registration-form.ts';
import { AddressStep, CompanyStep, PersonalStep } from './registration-steps.tsx';

// The three-step registration of spec §2–§5. The step is in the address and the entries in the tab's draft, so
// browser Back and Forward move between steps and a reload keeps what was typed (issue 24 item 5).

const LAST = REGISTRATION_STEPS - 1;
/** The one button that sends the form (see the form's onSubmit). */
const COMPLETE = 'complete-registration';

export interface RegistrationWizardProps {
  onBackToSignIn: () => void;
  /** Lets the screen ask before leaving a partly filled form. */
  onDirtyChange?: (dirty: boolean) => void;
}

export function RegistrationWizard({ onBackToSignIn, onDirtyChange }: RegistrationWizardProps) {
  const [draft] = useState(() => loadDraft<FormValues>());
  const [addressEdited, setAddressEdited] = useState(draft?.addressEdited === true);
  const [discardOpen, setDiscardOpen] = useState(false);
  const [portalUrl, setPortalUrl] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    trigger,
    reset,
    setError,
    setValue,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    // The form keeps strings; the schema turns them into the API's types.
    resolver: zodResolver(RegistrationSchema) as unknown as Resolver<FormValues>,
    mode: 'onTouched',
    defaultValues: { ...EMPTY, ...draft?.values, AgencyPassword: '' },
  });
  const values = useWatch({ control }) as FormValues;
  const [step, goTo] = useWizardStep(REGISTRATION_STEPS, firstIncompleteStep(values));
  const address = usePortalAddress(values.AgencyName ?? '', addressEdited, values.PortalAddress ?? '');
  const checked = STEPS[step]!.schema.safeParse(values);
  const hold = step === 0 ? addressHold(address.state) : null;
  const stepValid = checked.success && hold === null;
  // What keeps Next disabled, by the fields' own labels (issue 24 item 13: a form says what is missing).
  const missing = [
    ...new Set([
      ...(checked.success
        ? []
        : checked.error.issues.map((i) => FIELD_LABELS[String(i.path[0])] ?? String(i.path[0]))),
      ...(hold ? [hold] : []),
    ]),
  ];
  const dirty = isPartlyFilled(values) && portalUrl === null;
  useSaveDraft(values, addressEdited, SECRET_FIELDS, portalUrl === null);

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
    if (await trigger(fieldsOf(step))) goTo(Math.min(step + 1, LAST));
  };

  const back = () => {
    if (dirty) setDiscardOpen(true);
    else onBackToSignIn();
  };

  const chooseAddress = (slug: string) => {
    setAddressEdited(true);
    setValue('PortalAddress', slug);
    clearErrors('PortalAddress');
  };

  const followName = () => {
    setAddressEdited(false);
    setValue('PortalAddress', '');
    clearErrors('PortalAddress');
  };

  // After the success message, on to the agency's own address; not once the wizard has gone (a test's next screen,
  // or the owner who left it).
  useEffect(() => {
    if (!portalUrl) return;
    const timer = window.setTimeout(() => window.location.assign(portalUrl), REGISTRATION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [portalUrl]);

  const onSubmit = handleSubmit(async (form) => {
    const body: RegistrationInput = {
      ...form,
      // The address on screen, whether typed or made from the name.
      PortalAddress: address.slug,
      YearsInBusiness: form.YearsInBusiness === '' ? undefined : Number(form.YearsInBusiness),
      InsertedBy: INSERTED_BY_SYSTEM,
      CountryId: COUNTRY_ID_INDIA,
    };
    try {
      const { data } = await registerAgency(body);
      clearDraft();
      setPortalUrl(data.portal_url);
      notify('success', MSG.registrationSuccess);
    } catch (err) {
      const detail = err instanceof ApiError ? (err.detail ?? err.message) : null;
      notify('error', detail || MSG.registrationError);
      if (err instanceof ApiError) {
        const fields = Object.entries(err.fields).filter(([name]) => name in EMPTY);
        for (const [name, message] of fields) setError(name as FieldPath<FormValues>, { message });
        if (fields[0]) goTo(stepOfField(fields[0][0]));
        // Taken meanwhile: ask again, so the field offers a free one.
        if (err.fields.PortalAddress) address.refresh();
      }
    }
  });

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
        // Only "Complete Registration" on the last step sends the form (Enter there presses it too). Before, the
        // Next button of step 2 was the same DOM button re-rendered as the submit one while its click was still
        // being handled, so once the terms were ticked it submitted the form (issue 24 item 5).
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (step < LAST || (submitter && submitter.id !== COMPLETE)) {
          event.preventDefault();
          if (step < LAST && stepValid) void next();
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
        <PersonalStep
          register={register}
          errors={errors}
          address={
            <PortalAddressField
              agencyName={values.AgencyName ?? ''}
              slug={address.slug}
              state={address.state}
              edited={addressEdited}
              serverError={errors.PortalAddress?.message}
              host={window.location.host}
              onChoose={chooseAddress}
              onFollowName={followName}
            />
          }
        />
      ) : null}
      {step === 1 ? <AddressStep register={register} errors={errors} /> : null}
      {step === 2 ? <CompanyStep register={register} errors={errors} control={control} /> : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={step === 0 || isSubmitting}>
          Previous
        </Button>
        {/* Keys keep Next and Complete Registration two DOM buttons: a click on Next never lands on the other. */}
        {step < LAST ? (
          <div key="next" className="flex flex-col items-stretch gap-2 sm:items-end">
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
          <Button key="complete" id={COMPLETE} type="submit" busy={isSubmitting} disabled={!stepValid}>
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
          clearDraft();
          reset(EMPTY);
          setAddressEdited(false);
          onBackToSignIn();
        }}
      />
    </form>
  );
}
