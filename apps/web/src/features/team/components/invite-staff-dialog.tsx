import { zodResolver } from '@hookform/resolvers/zod';
import {
  ROLE_LABEL,
  STAFF_ROLES,
  type StaffInvitationResponse,
  type StaffInvite,
  StaffInviteSchema,
} from '@portal/contract';
import { type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useInviteStaff } from '../api/invite-staff.ts';

type FormValues = { full_name: string; email: string; phone: string; role: string };

/** What each role may do, as the owner chooses one (decisions §1). */
export const ROLE_HINT: Record<(typeof STAFF_ROLES)[number], string> = {
  AA: 'Works the whole agency: every client, providers, renewals and reminders. Not the team, the agency profile or its security.',
  AG: 'Works only the clients you assign to them: their families, plans, documents and renewals.',
};

/** The owner invites a member of staff by e-mail (issue 25 item 2); the answer carries the link to pass on. */
export function InviteStaffDialog({
  onClose,
  onInvited,
}: {
  onClose: () => void;
  onInvited: (sent: StaffInvitationResponse) => void;
}) {
  const invite = useInviteStaff();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    defaultValues: { full_name: '', email: '', phone: '', role: 'AG' },
    resolver: zodResolver(StaffInviteSchema) as unknown as Resolver<FormValues>,
  });
  const role = watch('role') as keyof typeof ROLE_HINT | '';
  const onSubmit = handleSubmit(async (values) => {
    try {
      onInvited(await invite.mutateAsync(values as StaffInvite));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const fields = Object.entries(err.fields);
      for (const [name, message] of fields) setError(name as FieldPath<FormValues>, { message });
      if (fields.length === 0) notify('error', err.message);
    }
  });
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Invite a member of staff"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="invite-staff" busy={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send invitation'}
          </Button>
        </>
      }
    >
      <form id="invite-staff" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label="Full Name"
          autoComplete="off"
          error={errors.full_name?.message}
          {...register('full_name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          hint="The invitation goes here; they sign in with it at your agency's address."
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone Number"
          type="tel"
          optional
          hint="To send the invitation on WhatsApp as well."
          error={errors.phone?.message}
          {...register('phone')}
        />
        <div className="flex flex-col gap-1.5">
          <SelectField
            label="Role"
            placeholder="Choose a role"
            options={STAFF_ROLES}
            optionLabels={ROLE_LABEL}
            error={errors.role?.message}
            {...register('role')}
          />
          {role && !errors.role ? <p className="text-sm text-slate-500">{ROLE_HINT[role]}</p> : null}
        </div>
      </form>
    </Modal>
  );
}
