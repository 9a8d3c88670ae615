import {
  DOCUMENT_MAX_BYTES,
  GENDERS,
  INDIAN_STATES_AND_UTS,
  MSG,
  type PrimaryClient,
  type UpdatePrimaryClient,
  UpdatePrimaryClientSchema,
} from '@portal/contract';
import { X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import * as Dialog from '../../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useUpdateClient } from '../api/update-client.ts';
import { useUploadClientAvatar } from '../api/upload-client-avatar.ts';

// Edit a primary client (issue 5 item 3): personal, contact, address and identity fields with the
// contract's rules and messages, and the photo. PAN and Aadhaar are shown masked and sent only when typed
// again (decision 008: a number left out keeps the stored one).

type Form = Record<keyof UpdatePrimaryClient, string>;
type Errors = Partial<Record<keyof Form | 'avatar', string>>;

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

function formOf(client: PrimaryClient): Form {
  const v = (x: string | null) => x ?? '';
  return {
    first_name: client.first_name,
    last_name: v(client.last_name),
    date_of_birth: v(client.date_of_birth),
    gender: v(client.gender).toLowerCase(),
    nationality: v(client.nationality),
    occupation: v(client.occupation),
    email: v(client.email),
    phone: v(client.phone),
    alternate_phone: v(client.alternate_phone),
    emergency_contact_name: v(client.emergency_contact_name),
    emergency_contact_phone: v(client.emergency_contact_phone),
    house_number: v(client.house_number),
    society: v(client.society),
    locality: v(client.locality),
    city: v(client.city),
    state: v(client.state),
    pincode: v(client.pincode),
    pan_number: '',
    aadhaar_number: '',
  };
}

/** The photo's own rules before upload; the API checks the content again (decisions §5). */
export function avatarError(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'Photo must be a PNG, JPEG or WebP image.';
  if (file.size > DOCUMENT_MAX_BYTES) return 'Photo must be at most 10 MiB.';
  return null;
}

/** The form's problems keyed by field, with the contract's messages; empty when it may be sent. */
export function validateClientForm(form: Form): Errors {
  const parsed = UpdatePrimaryClientSchema.safeParse(form);
  const errors: Errors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '') as keyof Form;
      errors[key] ??= issue.message;
    }
  }
  return errors;
}

/** Brings the first field with a message into view, once React has drawn the messages. */
export function focusFirstError(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold text-slate-800">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export interface EditClientDialogProps {
  client: PrimaryClient;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told after a save; the cache is already refreshed by the save's own calls. */
  onSaved?: () => void;
}

export function EditClientDialog({ client, open, onOpenChange, onSaved }: EditClientDialogProps) {
  const [form, setForm] = useState<Form>(() => formOf(client));
  const [errors, setErrors] = useState<Errors>({});
  const [photo, setPhoto] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const update = useUpdateClient(client.primary_client_id);
  const upload = useUploadClientAvatar(client.primary_client_id);
  // The details were saved but the photo failed: the caller is told when the dialog closes.
  const [partly, setPartly] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const dirty = photo !== null || JSON.stringify(form) !== JSON.stringify(formOf(client));
  const close = () => {
    setDiscarding(false);
    if (partly) onSaved?.();
    onOpenChange(false);
  };
  /** Closing with unsaved changes asks first (every destructive action confirms). */
  const setOpen = (next: boolean) => {
    if (saving) return;
    if (next) onOpenChange(true);
    else if (dirty) setDiscarding(true);
    else close();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from the stored client.
  useEffect(() => {
    if (!open) return;
    setForm(formOf(client));
    setErrors({});
    setPhoto(null);
    setPartly(false);
  }, [open]);

  const field = (name: keyof Form) => ({
    id: `edit-client-${name}`,
    value: form[name],
    error: errors[name],
    disabled: saving,
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const found = validateClientForm(form);
    const photoProblem = photo ? avatarError(photo) : null;
    if (photoProblem) found.avatar = photoProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notify('error', 'Check the highlighted fields.');
      focusFirstError(formElement);
      return;
    }
    setSaving(true);
    let saved = false;
    try {
      // A blank PAN or Aadhaar is left out, so the stored one stays.
      const body: UpdatePrimaryClient = { ...form };
      if (!form.pan_number.trim()) delete body.pan_number;
      if (!form.aadhaar_number.trim()) delete body.aadhaar_number;
      const answer = await update.mutateAsync(body);
      saved = true;
      if (photo) await upload.mutateAsync(photo);
      notify('success', answer.message);
      onSaved?.();
      onOpenChange(false);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      const message = err instanceof ApiError ? err.message : MSG.genericError;
      if (saved) {
        setPartly(true);
        setErrors({ avatar: fields.avatar ?? message });
        notify('error', `The details were saved but the photo was not: ${fields.avatar ?? message}`);
      } else {
        setErrors(fields as Errors);
        notify('error', message);
        focusFirstError(formElement);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl"
        >
          <form onSubmit={save} noValidate className="flex min-h-0 flex-1 flex-col">
            <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-4 py-4 sm:px-6">
              <Dialog.Title className="text-lg font-semibold text-slate-900">
                Edit {client.full_name}
              </Dialog.Title>
              <Dialog.Close
                aria-label="Close"
                disabled={saving}
                className="-mr-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              >
                <X className="size-4" aria-hidden />
              </Dialog.Close>
            </div>
            <div className="flex min-h-0 flex-col gap-6 overflow-y-auto px-4 py-4 sm:px-6">
              <Group title="Personal">
                <TextField label="First Name" autoComplete="off" {...field('first_name')} />
                <TextField label="Last Name" optional autoComplete="off" {...field('last_name')} />
                <TextField label="Date of Birth" type="date" optional {...field('date_of_birth')} />
                <SelectField
                  label="Gender"
                  optional
                  placeholder="Not given"
                  options={GENDERS}
                  optionLabels={{ male: 'Male', female: 'Female', other: 'Other' }}
                  {...field('gender')}
                />
                <TextField label="Nationality" optional {...field('nationality')} />
                <TextField label="Occupation" optional {...field('occupation')} />
              </Group>
              <Group title="Contact">
                <TextField
                  label="Email"
                  type="email"
                  inputMode="email"
                  optional={!client.portal_access}
                  hint={client.portal_access ? 'The client also signs in to the portal with it.' : undefined}
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
                <TextField label="House Number" optional {...field('house_number')} />
                <TextField label="Society" optional {...field('society')} />
                <TextField label="Locality" optional {...field('locality')} />
                <TextField label="City" optional {...field('city')} />
                <SelectField
                  label="State"
                  optional
                  placeholder="Select a state"
                  options={
                    form.state && !INDIAN_STATES_AND_UTS.includes(form.state as never)
                      ? [...INDIAN_STATES_AND_UTS, form.state]
                      : INDIAN_STATES_AND_UTS
                  }
                  {...field('state')}
                />
                <TextField label="Pincode" inputMode="numeric" optional {...field('pincode')} />
              </Group>
              <Group title="Identity">
                <TextField
                  label="PAN Number"
                  autoComplete="off"
                  placeholder={client.pan_number ?? 'ABCDE1234F'}
                  hint={
                    client.pan_number
                      ? `Stored: ${client.pan_number}. Leave blank to keep it, or type the full PAN to change it.`
                      : 'Type the full PAN, for example ABCDE1234F.'
                  }
                  {...field('pan_number')}
                />
                <TextField
                  label="Aadhaar Number"
                  optional
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder={client.aadhaar_number ?? '12 digits'}
                  hint={
                    client.aadhaar_number
                      ? `Stored: ${client.aadhaar_number}. Leave blank to keep it; only the last 4 digits are kept.`
                      : 'Only the last 4 digits are kept.'
                  }
                  {...field('aadhaar_number')}
                />
              </Group>
              <fieldset className="flex flex-col gap-3">
                <legend className="mb-1 text-sm font-semibold text-slate-800">Photo</legend>
                <TextField
                  id="edit-client-avatar"
                  label={client.avatar_url ? 'Replace photo' : 'Photo'}
                  type="file"
                  optional
                  accept="image/png,image/jpeg,image/webp"
                  disabled={saving}
                  hint="PNG, JPEG or WebP, at most 10 MiB."
                  error={errors.avatar}
                  onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
                  className="file:mr-3 file:rounded file:border-0 file:bg-primary-50 file:px-3 file:py-1 file:text-primary-800"
                />
              </fieldset>
            </div>
            <div className="flex justify-end gap-3 border-t border-slate-200 px-4 py-3 sm:px-6">
              <Button variant="secondary" disabled={saving} onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" busy={saving}>
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          </form>
          <ConfirmDialog
            open={discarding}
            onOpenChange={setDiscarding}
            title="Discard your changes?"
            description={`What you changed for ${client.full_name} has not been saved.`}
            confirmLabel="Discard"
            cancelLabel="Keep editing"
            destructive
            onConfirm={close}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
