import { CreateSecondaryClientSchema, type SecondaryDocumentKind } from '@portal/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useCreateMember } from '../api/create-member.ts';
import { usePrimaryClientName } from '../api/get-primary-client-name.ts';
import { uploadMemberDocument } from '../api/upload-member-document.ts';
import { DocumentInput } from './document-input.tsx';
import { DOCUMENT_KINDS, DOCUMENT_LABELS } from './document-rules.ts';
import { FormGroup, MemberFields } from './member-fields.tsx';
import { fieldErrors, type MemberField, memberBody, memberValues } from './member-values.ts';
import { type PickedClient, PrimaryClientPicker } from './primary-client-picker.tsx';
import type { UploadFailure } from './upload-failure.ts';

type Docs = Record<SecondaryDocumentKind, { file: File | null; error: string | null }>;

const NO_DOCS: Docs = {
  aadhaar: { file: null, error: null },
  pan: { file: null, error: null },
  cheque: { file: null, error: null },
  profile_image: { file: null, error: null },
};

const PRIMARY_REQUIRED = 'Primary Client is required: choose whose family this member belongs to.';

/**
 * "Add Secondary Client", a family member of one of the agency's clients (issue 5). `preselected` names the
 * client when the screen is opened from their record (?primary={id}): that client is chosen already.
 */
export function AddMemberForm({ preselected }: { preselected: string | null }) {
  const navigate = useNavigate();
  const preselectedClient = usePrimaryClientName(preselected);
  // The client chosen here; until one is, the client the screen was opened for.
  const [chosen, setPrimary] = useState<PickedClient | null | undefined>(undefined);
  const primary = chosen === undefined ? (preselectedClient.data ?? null) : chosen;
  const [primaryMessage, setPrimaryError] = useState<string | undefined>();
  const primaryError =
    primaryMessage ??
    (chosen === undefined && preselectedClient.isError
      ? 'The client this page was opened for no longer exists. Choose another.'
      : undefined);
  // The chosen client's address, for "Same address as …" (the client opened for is read already).
  const chosenQuery = usePrimaryClientName(chosen ? chosen.primary_client_id : null);
  const chosenDetail = chosen === undefined ? preselectedClient : chosenQuery;
  const createMember = useCreateMember();
  const [values, setValues] = useState(() => memberValues());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [docs, setDocs] = useState<Docs>(NO_DOCS);
  const [busy, setBusy] = useState<string | null>(null);
  const [checked, setChecked] = useState(0);

  // After a refused submit, take the keyboard to the first field that needs attention.
  useEffect(() => {
    if (checked === 0) return;
    document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [checked]);

  const change = (field: MemberField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { primary_client_id: primary?.primary_client_id ?? '', ...memberBody(values) };
    const found = fieldErrors(CreateSecondaryClientSchema, body);
    const { primary_client_id: primaryProblem, ...rest } = found;
    setErrors(rest);
    setPrimaryError(primaryProblem ? PRIMARY_REQUIRED : undefined);
    const docProblem = DOCUMENT_KINDS.some((k) => docs[k].error);
    if (Object.keys(found).length > 0 || docProblem) {
      setChecked((n) => n + 1);
      notify('error', 'Please correct the highlighted fields.');
      return;
    }

    // The member is created first and the documents are then sent one by one to the document call. One
    // atomic multipart call was weighed and not taken: every document is optional, a member without one is
    // complete and valid, and each upload replaces its document whole; so a failed upload leaves nothing
    // half-written, only a document still to send, which the member's detail page retries (named there).
    setBusy('Saving...');
    let created: Awaited<ReturnType<typeof createMember.mutateAsync>>['data'];
    try {
      created = (await createMember.mutateAsync(body)).data;
    } catch (err) {
      setBusy(null);
      if (err instanceof ApiError) {
        const { primary_client_id: primaryField, ...fields } = err.fields;
        setErrors(fields);
        if (primaryField) setPrimaryError(primaryField);
        setChecked((n) => n + 1);
        notify('error', err.message);
      }
      return;
    }
    const failures: UploadFailure[] = [];
    for (const kind of DOCUMENT_KINDS) {
      const file = docs[kind].file;
      if (!file) continue;
      setBusy(`Uploading ${DOCUMENT_LABELS[kind]}...`);
      try {
        await uploadMemberDocument(created.secondary_client_id, kind, file);
      } catch (err) {
        failures.push({
          kind,
          message: err instanceof ApiError ? err.message : 'The upload did not complete.',
        });
      }
    }
    if (failures.length === 0) {
      notify('success', `${created.full_name} added to ${created.primary_client_name}'s family.`);
    } else {
      notify('error', `${created.full_name} was added, but some documents were not saved.`);
    }
    navigate(`/dashboard/secondary-client/${created.secondary_client_id}`, {
      state: { uploadFailures: failures },
    });
  };

  const cancelTo = primary ? `/dashboard/users/${primary.primary_client_id}` : '/dashboard/users';

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <p className="text-slate-600">
        Record a family member of one of your clients: their details, health and bank information, and
        identity documents. Plans can be added for them afterwards.
      </p>

      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <PrimaryClientPicker
          value={primary}
          error={primaryError}
          onChange={(client) => {
            setPrimary(client);
            setPrimaryError(undefined);
          }}
        />
      </section>

      <MemberFields
        values={values}
        errors={errors}
        onChange={change}
        sameAddressAs={
          chosenDetail.data ? { name: chosenDetail.data.full_name, address: chosenDetail.data.address } : null
        }
      />

      <FormGroup title="Documents">
        {DOCUMENT_KINDS.map((kind) => (
          <DocumentInput
            key={kind}
            kind={kind}
            file={docs[kind].file}
            error={docs[kind].error ?? undefined}
            onChange={(file, error) => setDocs((d) => ({ ...d, [kind]: { file, error } }))}
          />
        ))}
      </FormGroup>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link
          to={cancelTo}
          className="inline-flex min-h-10 items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          Cancel
        </Link>
        <Button type="submit" busy={busy !== null}>
          {busy ?? 'Add Family Member'}
        </Button>
      </div>
    </form>
  );
}
