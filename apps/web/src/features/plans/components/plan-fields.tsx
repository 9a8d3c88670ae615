import {
  categoryOfService,
  PLAN_SERVICE_CODES,
  type PlanServiceCode,
  SERVICE_LABELS,
  type Service,
} from '@portal/contract';
import { FileText, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Section } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { useProvidersOfService } from '../api/get-providers-of-service.ts';
import { type FamilyPerson, FamilyPicker } from './family-picker.tsx';
import {
  emptyInsuredMember,
  type InsuredMemberDraft,
  type NomineeDraft,
  type PlanDraft,
  type PlanErrors,
  withService,
} from './plan-draft.ts';
import { changeField, fieldHint, RELATIONSHIPS, shownFields } from './service-fields.ts';
import { moneyHint, SubtypeField, withCurrent } from './subtype-field.tsx';

export interface PlanFieldsProps {
  value: PlanDraft;
  onChange: (next: PlanDraft) => void;
  /** Keyed as `validatePlanDraft` and `planErrorsFromServer` key them. */
  errors?: PlanErrors;
  /** The service catalogue (both categories); only the eight plan services of spec §3 are offered. */
  services: Service[];
  /** Hides the service choice (the screen chose the service already, or an edit keeps it). */
  serviceLocked?: boolean;
  /** The stored PDF of a plan being edited; a chosen file replaces it. */
  existingDocumentName?: string | null;
  /** The client's family (the client and their family members), offered as a health policy's insured members. */
  family?: FamilyPerson[];
  disabled?: boolean;
}

/**
 * The fields of one client plan (spec §3): service and provider, policy or account number, premium or
 * amount, dates, every subtype field of the service, insured members (health), nominee and the PDF.
 * Controlled: the screen owns the draft and validates it with `validatePlanDraft`.
 */
export function PlanFields({
  value,
  onChange,
  errors = {},
  services,
  serviceLocked = false,
  existingDocumentName = null,
  family = [],
  disabled = false,
}: PlanFieldsProps) {
  const uid = useId();
  const planServices = services.filter((s) => (PLAN_SERVICE_CODES as readonly string[]).includes(s.code));
  const service = planServices.find((s) => s.code === value.service_code);
  const companies = useProvidersOfService(service?.service_id);
  // A Retry shows "Loading companies…" again, as the first load did.
  const companiesLoading =
    Boolean(service) && (companies.isPending || (companies.isError && companies.isFetching));
  const companiesReady = companies.isSuccess;
  const code = value.service_code;
  const category = code ? categoryOfService(code) : null;
  const serviceName = (c: PlanServiceCode) => services.find((s) => s.code === c)?.name ?? SERVICE_LABELS[c];

  const set = (patch: Partial<PlanDraft>) => onChange({ ...value, ...patch });
  const setField = (name: string, v: string) => set({ fields: changeField(value.fields, name, v) });
  const setMember = (index: number, patch: Partial<InsuredMemberDraft>) =>
    set({ insured_members: value.insured_members.map((m, i) => (i === index ? { ...m, ...patch } : m)) });
  const setNominee = (patch: Partial<NomineeDraft>) => set({ nominee: { ...value.nominee, ...patch } });

  const providers = companiesReady ? companies.data : [];
  const providerHint = companiesLoading
    ? 'Loading companies…'
    : companiesReady && providers.length === 0 && code
      ? `Your agency has no ${category === 'insurance' ? 'insurance' : 'investment'} company for ${serviceName(code)} yet. Add one on the ${category === 'insurance' ? 'Insurance' : 'Investment'} Company page first.`
      : undefined;

  return (
    <div className="flex flex-col gap-6">
      <Section level={4} title="Plan">
        <div className="grid gap-4 sm:grid-cols-2">
          {serviceLocked ? null : (
            <SelectField
              id={`${uid}-service`}
              label="Service"
              placeholder="Select a service"
              options={planServices.map((s) => s.code)}
              optionLabels={Object.fromEntries(planServices.map((s) => [s.code, s.name]))}
              value={code}
              disabled={disabled}
              error={errors.service_code}
              onChange={(e) => onChange(withService(value, e.target.value as PlanServiceCode | ''))}
            />
          )}
          <div className="flex flex-col gap-1.5">
            <SelectField
              id={`${uid}-provider`}
              label={category === 'investment' ? 'Investment Company' : 'Insurance Company'}
              placeholder={
                !code ? 'Choose the service first' : companiesLoading ? 'Loading…' : 'Select a company'
              }
              options={providers.map((p) => p.provider_id)}
              optionLabels={Object.fromEntries(providers.map((p) => [p.provider_id, p.provider_name]))}
              value={companiesReady ? value.provider_id : ''}
              disabled={disabled || !companiesReady || providers.length === 0}
              error={errors.provider_id}
              onChange={(e) => set({ provider_id: e.target.value })}
            />
            {providerHint && !errors.provider_id ? (
              <p className="text-sm text-slate-500">{providerHint}</p>
            ) : null}
            {companies.isError && !companiesLoading ? (
              <p className="flex flex-wrap items-center gap-2 text-sm text-red-700">
                The companies could not be loaded.
                <button
                  type="button"
                  onClick={() => void companies.refetch()}
                  className="font-medium text-primary-700 underline underline-offset-2"
                >
                  Retry
                </button>
              </p>
            ) : null}
          </div>
          <TextField
            id={`${uid}-number`}
            label={category === 'investment' ? 'Investment Account Number' : 'Policy Number'}
            hint={
              category === 'investment'
                ? 'The number this investment is listed under (account, folio or PRAN).'
                : undefined
            }
            autoComplete="off"
            value={value.policy_number}
            disabled={disabled}
            error={errors.policy_number?.replace(
              'Policy Number',
              category === 'investment' ? 'Investment Account Number' : 'Policy Number',
            )}
            onChange={(e) => set({ policy_number: e.target.value })}
          />
          <TextField
            id={`${uid}-money`}
            label={category === 'investment' ? 'Amount' : 'Premium Amount'}
            inputMode="decimal"
            hint={moneyHint(value.money, 'In rupees, up to 2 decimals.')}
            value={value.money}
            disabled={disabled}
            error={category === 'investment' ? errors.amount : errors.premium_amount}
            onChange={(e) => set({ money: e.target.value })}
          />
          <DateField
            id={`${uid}-start`}
            label="Start Date"
            value={value.start_date}
            disabled={disabled}
            error={errors.start_date}
            onChange={(e) => set({ start_date: e.target.value })}
          />
          <DateField
            id={`${uid}-end`}
            label="End Date"
            hint={category === 'investment' ? 'The maturity date.' : 'The date cover ends.'}
            min={value.start_date || undefined}
            value={value.end_date}
            disabled={disabled}
            error={errors.end_date}
            onChange={(e) => set({ end_date: e.target.value })}
          />
        </div>
      </Section>

      {code ? (
        <Section level={4} title={`${serviceName(code)} details`}>
          <div className="grid gap-4 sm:grid-cols-2">
            {shownFields(code, value.fields).map((input) => (
              <SubtypeField
                key={input.name}
                id={`${uid}-f-${input.name}`}
                input={{ ...input, hint: fieldHint(input, value.fields) }}
                value={value.fields[input.name] ?? ''}
                error={errors[`subtype_fields.${input.name}`]}
                disabled={disabled}
                onChange={(v) => setField(input.name, v)}
              />
            ))}
          </div>
        </Section>
      ) : null}

      {code === 'health' ? (
        <Section
          level={4}
          title="Insured Members"
          action={
            <Button
              variant="secondary"
              className="min-h-9 px-3"
              disabled={disabled || value.insured_members.length >= 20}
              onClick={() => set({ insured_members: [...value.insured_members, emptyInsuredMember()] })}
            >
              <Plus className="size-4" aria-hidden />
              Add Member
            </Button>
          }
        >
          <FamilyPicker
            family={family}
            members={value.insured_members}
            disabled={disabled}
            onChange={(insured_members) => set({ insured_members })}
          />
          {errors['subtype_fields.insured_members'] ? (
            <p className="text-sm text-red-700">{errors['subtype_fields.insured_members']}</p>
          ) : null}
          <ol className="flex flex-col gap-3">
            {value.insured_members.map((member, index) => (
              <InsuredMemberRow
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; removal re-keys the rest.
                key={index}
                uid={`${uid}-m${index}`}
                index={index}
                member={member}
                errors={errors}
                disabled={disabled}
                canRemove={value.insured_members.length > 1}
                onChange={(patch) => setMember(index, patch)}
                onRemove={() =>
                  set({ insured_members: value.insured_members.filter((_m, i) => i !== index) })
                }
              />
            ))}
          </ol>
        </Section>
      ) : null}

      <Section level={4} title="Nominee">
        <Checkbox
          checked={value.has_nominee}
          onCheckedChange={(checked) => set({ has_nominee: checked })}
          label="This plan has a nominee"
        />
        {value.has_nominee ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id={`${uid}-n-name`}
              label="Nominee Full Name"
              autoComplete="off"
              value={value.nominee.full_name}
              disabled={disabled}
              error={errors['nominee.full_name']}
              onChange={(e) => setNominee({ full_name: e.target.value })}
            />
            <SelectField
              id={`${uid}-n-relation`}
              label="Nominee Relation"
              placeholder="Select a relation"
              options={withCurrent(
                RELATIONSHIPS.filter((r) => r !== 'Self'),
                value.nominee.relation,
              )}
              value={value.nominee.relation}
              disabled={disabled}
              error={errors['nominee.relation']}
              onChange={(e) => setNominee({ relation: e.target.value })}
            />
            <DateField
              id={`${uid}-n-dob`}
              label="Nominee Date of Birth"
              optional
              value={value.nominee.dob}
              disabled={disabled}
              error={errors['nominee.dob']}
              onChange={(e) => setNominee({ dob: e.target.value })}
            />
            <TextField
              id={`${uid}-n-phone`}
              label="Nominee Phone Number"
              type="tel"
              inputMode="tel"
              optional
              value={value.nominee.phone_number}
              disabled={disabled}
              error={errors['nominee.phone_number']}
              onChange={(e) => setNominee({ phone_number: e.target.value })}
            />
            <TextField
              id={`${uid}-n-email`}
              label="Nominee Email"
              type="email"
              inputMode="email"
              optional
              value={value.nominee.email}
              disabled={disabled}
              error={errors['nominee.email']}
              onChange={(e) => setNominee({ email: e.target.value })}
            />
          </div>
        ) : (
          <p className="text-sm text-slate-500">
            Without a nominee the client sees a reminder to add one in their portal.
          </p>
        )}
      </Section>

      <Section level={4} title="Document">
        <PlanFileInput
          id={`${uid}-file`}
          file={value.file}
          existingName={existingDocumentName}
          error={errors.file}
          disabled={disabled}
          onChange={(file) => set({ file })}
        />
      </Section>
    </div>
  );
}

function InsuredMemberRow({
  uid,
  index,
  member,
  errors,
  disabled,
  canRemove,
  onChange,
  onRemove,
}: {
  uid: string;
  index: number;
  member: InsuredMemberDraft;
  errors: PlanErrors;
  disabled: boolean;
  canRemove: boolean;
  onChange: (patch: Partial<InsuredMemberDraft>) => void;
  onRemove: () => void;
}) {
  const err = (name: keyof InsuredMemberDraft) => errors[`subtype_fields.insured_members.${index}.${name}`];
  return (
    <li className="rounded-lg border border-slate-200 bg-slate-50/60 p-3 sm:p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-700">Member {index + 1}</p>
        {canRemove ? (
          <button
            type="button"
            onClick={onRemove}
            disabled={disabled}
            aria-label={`Remove member ${index + 1}`}
            className="inline-flex size-9 items-center justify-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-700"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${uid}-name`}
          label="Insured Member Name"
          autoComplete="off"
          value={member.insured_member_name}
          disabled={disabled}
          error={err('insured_member_name')}
          onChange={(e) => onChange({ insured_member_name: e.target.value })}
        />
        <SelectField
          id={`${uid}-rel`}
          label="Relationship"
          placeholder="Select a relationship"
          options={withCurrent(RELATIONSHIPS, member.relationship)}
          value={member.relationship}
          disabled={disabled}
          error={err('relationship')}
          onChange={(e) => onChange({ relationship: e.target.value })}
        />
        <DateField
          id={`${uid}-dob`}
          label="Date of Birth"
          optional
          value={member.insured_member_dob}
          disabled={disabled}
          error={err('insured_member_dob')}
          onChange={(e) => onChange({ insured_member_dob: e.target.value })}
        />
        <TextField
          id={`${uid}-phone`}
          label="Phone Number"
          type="tel"
          inputMode="tel"
          optional
          value={member.insured_member_phone_number}
          disabled={disabled}
          error={err('insured_member_phone_number')}
          onChange={(e) => onChange({ insured_member_phone_number: e.target.value })}
        />
      </div>
    </li>
  );
}

function formatSize(bytes: number) {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

function PlanFileInput({
  id,
  file,
  existingName,
  error,
  disabled,
  onChange,
}: {
  id: string;
  file: File | null;
  existingName: string | null;
  error: string | undefined;
  disabled: boolean;
  onChange: (file: File | null) => void;
}) {
  // A new key empties the native input when the file is removed, so the same file can be chosen again.
  const [inputKey, setInputKey] = useState(0);
  return (
    <div className="flex flex-col gap-2">
      {file ? (
        <div className="flex items-center gap-3 rounded-md border border-slate-200 bg-white px-3 py-2">
          <FileText className="size-5 shrink-0 text-primary-700" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-800">{file.name}</p>
            <p className="text-xs text-slate-500">{formatSize(file.size)}</p>
          </div>
          <button
            type="button"
            disabled={disabled}
            onClick={() => {
              onChange(null);
              setInputKey((k) => k + 1);
            }}
            className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
            aria-label={`Remove ${file.name}`}
          >
            Remove
          </button>
        </div>
      ) : null}
      <TextField
        key={inputKey}
        id={id}
        label={file ? 'Choose another PDF' : 'Plan Document'}
        type="file"
        optional
        accept="application/pdf,.pdf"
        disabled={disabled}
        hint={
          existingName
            ? `Saved: ${existingName}. Choose a PDF to replace it (at most 10 MiB).`
            : 'The policy or statement as a PDF, at most 10 MiB.'
        }
        error={error}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        className="file:mr-3 file:rounded file:border-0 file:bg-primary-50 file:px-3 file:py-1 file:text-primary-800"
      />
    </div>
  );
}
