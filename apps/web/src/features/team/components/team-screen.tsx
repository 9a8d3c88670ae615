import {
  ROLE_LABEL,
  STAFF_STATUS_LABEL,
  type StaffInvitationResponse,
  type StaffMember,
  type StaffStatus,
} from '@portal/contract';
import { UserPlus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, Loading, QueryState, Skeleton } from '../../../components/ui/query-states.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useStaff } from '../api/get-staff.ts';
import { InvitationLink } from './invitation-link.tsx';
import { InviteStaffDialog } from './invite-staff-dialog.tsx';
import { StaffActions } from './staff-actions.tsx';

const STATUS_TONE: Record<StaffStatus, 'green' | 'blue' | 'amber' | 'slate'> = {
  active: 'green',
  invited: 'blue',
  invitation_expired: 'amber',
  deactivated: 'slate',
};

/** The line under a member's status: when their invitation ends, or when they last signed in. */
function statusNote(m: StaffMember): string {
  if (m.status === 'invited') return `Link works until ${formatDate(m.invitation_expires_at)}`;
  if (m.status === 'invitation_expired') return 'Resend to give them a new link';
  return m.last_login_at ? `Last sign-in ${formatDate(m.last_login_at)}` : 'Not signed in yet';
}

function StaffTable({
  staff,
  onInvitation,
}: {
  staff: StaffMember[];
  onInvitation: (sent: StaffInvitationResponse) => void;
}) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm max-md:block">
        <thead className="bg-slate-50 text-slate-600 max-md:hidden">
          <tr>
            <th className="px-5 py-3 font-medium">Name</th>
            <th className="px-5 py-3 font-medium">Role</th>
            <th className="px-5 py-3 font-medium">Status</th>
            <th className="px-5 py-3 font-medium">Clients</th>
            <th className="px-5 py-3 text-right font-medium">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-md:block">
          {staff.map((m) => (
            <tr key={m.id} className="max-md:flex max-md:flex-col max-md:gap-2 max-md:px-5 max-md:py-4">
              <td className="px-5 py-3 max-md:p-0">
                <p className="font-medium text-slate-900">{m.full_name}</p>
                <p className="text-slate-600 [overflow-wrap:anywhere] md:[overflow-wrap:normal]">{m.email}</p>
                {m.phone ? <p className="text-slate-500">{m.phone}</p> : null}
              </td>
              <td className="px-5 py-3 whitespace-nowrap text-slate-700 max-md:p-0">{ROLE_LABEL[m.role]}</td>
              <td className="px-5 py-3 max-md:p-0">
                <Badge tone={STATUS_TONE[m.status]}>{STAFF_STATUS_LABEL[m.status]}</Badge>
                <p className="mt-1 text-xs whitespace-nowrap text-slate-500">{statusNote(m)}</p>
              </td>
              <td className="px-5 py-3 whitespace-nowrap text-slate-700 max-md:p-0">
                <span className="md:hidden">Clients: </span>
                {m.role === 'AG' ? `${m.assigned_clients} assigned` : 'All clients'}
              </td>
              <td className="px-5 py-3 max-md:p-0">
                <StaffActions member={m} onInvitation={onInvitation} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /dashboard/team (issue 25 item 2): the owner's staff, their invitations, roles and access. */
export function TeamScreen() {
  const staff = useStaff();
  const [inviting, setInviting] = useState(false);
  const [sent, setSent] = useState<StaffInvitationResponse | null>(null);
  const inviteButton = (
    <Button onClick={() => setInviting(true)}>
      <UserPlus className="size-4" aria-hidden /> Invite member
    </Button>
  );
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <p className="max-w-2xl text-sm text-slate-600">
          Agency admins work the whole agency with you; agents work only the clients assigned to them. Each
          signs in with their own e-mail and password at your agency's address.
        </p>
        {inviteButton}
      </div>
      <QueryState
        query={staff}
        loading={
          <Loading label="Loading the team" className="flex flex-col gap-3">
            <Skeleton variant="bar" className="h-16" />
            <Skeleton variant="bar" className="h-16" />
            <Skeleton variant="bar" className="h-16" />
          </Loading>
        }
        error="Could not load your team."
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState icon={UsersRound} action={inviteButton}>
            No staff yet. Invite an agency admin to share the work, or an agent to look after some of your
            clients.
          </EmptyState>
        }
      >
        {(data) => <StaffTable staff={data} onInvitation={setSent} />}
      </QueryState>
      {inviting ? (
        <InviteStaffDialog
          onClose={() => setInviting(false)}
          onInvited={(answer) => {
            setInviting(false);
            setSent(answer);
          }}
        />
      ) : null}
      {sent ? <InvitationLink sent={sent} onClose={() => setSent(null)} /> : null}
    </div>
  );
}
