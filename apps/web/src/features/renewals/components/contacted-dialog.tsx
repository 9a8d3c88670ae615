import type { RenewalItem } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMarkContacted } from '../api/mark-contacted.ts';

/** "Contacted": records that the owner spoke to the client, with an optional note. */
export function ContactedDialog({
  item,
  onClose,
  onDone,
}: {
  item: RenewalItem;
  onClose: () => void;
  onDone: (updated: RenewalItem) => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mark = useMarkContacted();
  const busy = mark.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      onDone(await mark.mutateAsync({ planId: item.plan_id, note }));
    } catch (err) {
      setError(
        err instanceof ApiError
          ? (err.fields.note ?? err.message)
          : 'Something went wrong. Please try again.',
      );
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Record a contact"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="contacted-form" busy={busy}>
            Save
          </Button>
        </>
      }
    >
      <form id="contacted-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          You spoke to {item.client_name} about {item.plan_number}
          {item.client_phone ? ` (${item.client_phone})` : ''}.
        </p>
        <TextAreaField
          label="Note"
          optional
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={error}
          placeholder="For example: will pay by Friday"
        />
      </form>
    </Modal>
  );
}
