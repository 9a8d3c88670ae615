import { MSG, type PrimaryClient, type UpdatePrimaryClient } from '@portal/contract';
import { X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import * as Dialog from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useUpdateClient } from '../api/update-client.ts';
import { useUploadClientAvatar } from '../api/upload-client-avatar.ts';
import { avatarError, type ClientValues, clientUpdateErrors, clientValuesOf } from './client-details.ts';
import { ClientDetailsFields } from './client-details-fields.tsx';

// Edit a primary client (issue 5 item 3): the one client form, whole, with the contract's rules and messages,
// and the photo. PAN and Aadhaar are shown masked and sent only when typed again (decision 008: a number left
// out keeps the stored one).

type Errors = Record<string, string | undefined>;

/** Brings the first field with a message into view, once React has drawn the messages. */
function focusFirstError(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

export interface EditClientDialogProps {
  client: PrimaryClient;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told after a save; the cache is already refreshed by the save's own calls. */
  onSaved?: () => void;
}

export function EditClientDialog({ client, open, onOpenChange, onSaved }: EditClientDialogProps) {
  const [form, setForm] = useState<ClientValues>(() => clientValuesOf(client));
  const [errors, setErrors] = useState<Errors>({});
  const [photo, setPhoto] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const update = useUpdateClient(client.primary_client_id);
  const upload = useUploadClientAvatar(client.primary_client_id);
  // The details were saved but the photo failed: the caller is told when the dialog closes.
  const [partly, setPartly] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const dirty = photo !== null || JSON.stringify(form) !== JSON.stringify(clientValuesOf(client));
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
    setForm(clientValuesOf(client));
    setErrors({});
    setPhoto(null);
    setPartly(false);
  }, [open]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const found: Errors = clientUpdateErrors(form);
    const photoProblem = avatarError(photo);
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
        setErrors(fields);
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
              <ClientDetailsFields
                sections={['personal', 'contact', 'address', 'identity']}
                values={form}
                errors={errors}
                disabled={saving}
                onField={(name, value) => setForm((f) => ({ ...f, [name]: value }))}
                photo={photo}
                onPhoto={setPhoto}
                stored={client}
              />
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
