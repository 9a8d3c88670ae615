import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PasswordPairModal } from '../../../components/ui/password-pair-modal.tsx';
import { ErrorState, LoadingLine } from '../../../components/ui/query-states.tsx';
import { notify } from '../../../lib/toast.ts';
import { useOwnerAgencies } from '../api/get-owner-agencies.ts';
import type { AdminClient } from '../api/normalize.ts';
import { fieldLabel, fieldValue } from '../api/normalize.ts';
import { useResetOwnerPassword } from '../api/reset-owner-password.ts';
import { useUpdateOwner } from '../api/update-owner.ts';

/** View: 'Agencies of {client}', each agency's fields as label and value (spec §2). */
export function ViewAgenciesModal({ client, onClose }: { client: AdminClient; onClose: () => void }) {
  // A failure raises its toast from the query's meta; an owner without agencies is said once per answer.
  const agencies = useOwnerAgencies(client.ClientId);
  const loading = agencies.isPending || (agencies.isError && agencies.isFetching);
  const list = agencies.isSuccess ? agencies.data : null;
  useEffect(() => {
    if (list?.length === 0) notify('info', `No agencies found for ${client.ClientName}.`);
  }, [list, client.ClientName]);

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={`Agencies of ${client.ClientName}`}>
      <div className="max-h-96 overflow-y-auto">
        {loading ? <LoadingLine>Loading agencies…</LoadingLine> : null}
        {agencies.isError && !loading ? (
          <ErrorState variant="inline" onRetry={() => void agencies.refetch()}>
            Failed to fetch client agencies.
          </ErrorState>
        ) : null}
        {list?.length === 0 ? <p className="text-slate-600">No agencies found for this client.</p> : null}
        {list
          ? list.map((agency) => (
              <dl
                key={agency.agency_id}
                className="mb-4 divide-y divide-slate-100 rounded-lg border border-slate-200 last:mb-0"
              >
                {Object.entries(agency).map(([key, value]) => (
                  <div
                    key={key}
                    className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 px-3 py-2 text-sm"
                  >
                    <dt className="font-medium capitalize text-slate-600">{fieldLabel(key)}</dt>
                    <dd className="break-words text-slate-900">{fieldValue(value)}</dd>
                  </div>
                ))}
              </dl>
            ))
          : null}
      </div>
    </Modal>
  );
}

/** Edit: 'Edit Client: {name}' with Is Active and Is Verified (spec §2). */
export function EditClientModal({
  client,
  onClose,
  onSaved,
}: {
  client: AdminClient;
  onClose: () => void;
  onSaved: (client: AdminClient) => void;
}) {
  const [isActive, setIsActive] = useState(client.IsActive);
  const [isVerified, setIsVerified] = useState(client.IsVerified);
  const update = useUpdateOwner();
  // Saving until the dialog closes, so the button does not flash back before it does.
  const saving = update.isPending || update.isSuccess;

  const save = async () => {
    try {
      const saved = await update.mutateAsync({
        ClientId: client.ClientId,
        IsActive: isActive,
        IsVerified: isVerified,
        before: client,
      });
      notify('success', 'Client updated successfully!');
      onSaved({ ...client, IsActive: saved.IsActive, IsVerified: saved.IsVerified });
    } catch {
      notify('error', 'Failed to update client.');
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Edit Client: ${client.ClientName}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={save} busy={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <label className="flex items-center gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-primary-700"
            checked={isActive}
            onChange={(e) => setIsActive(e.target.checked)}
          />
          Is Active
        </label>
        <label className="flex items-center gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-primary-700"
            checked={isVerified}
            onChange={(e) => setIsVerified(e.target.checked)}
          />
          Is Verified
        </label>
        <p className="text-sm text-slate-500">
          Deactivating signs the owner out everywhere and closes the agency's client portal. Verifying lets
          the agency's clients sign in.
        </p>
      </div>
    </Modal>
  );
}

/** Reset: 'Reset Password for {client}' with New Password and Confirm Password (spec §2, §5). */
export function ResetPasswordModal({ client, onClose }: { client: AdminClient; onClose: () => void }) {
  const reset = useResetOwnerPassword(client.ClientId);
  return (
    <PasswordPairModal
      title={`Reset Password for ${client.ClientName}`}
      label="New Password"
      hint="The owner will be asked to choose their own password at next sign-in."
      action="Reset"
      busyAction="Resetting..."
      onClose={onClose}
      onSubmit={async (password) => {
        try {
          await reset.mutateAsync(password);
        } catch (err) {
          notify('error', 'Failed to reset password.');
          throw err;
        }
        notify('success', 'Agency Owner password reset successfully!');
        onClose();
      }}
    />
  );
}
