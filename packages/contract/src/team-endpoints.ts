import { IdParamsSchema } from './admin.ts';
import { apiPaths } from './api-paths.ts';
import { MessageResponseSchema } from './auth.ts';
import type { Endpoint } from './endpoints.ts';
import {
  StaffInvitationResponseSchema,
  StaffInviteSchema,
  StaffListResponseSchema,
  StaffMemberResponseSchema,
  StaffRoleUpdateSchema,
} from './team.ts';

// The team's endpoints (issue 25 item 2), kept apart from endpoints.ts, which spreads them into the one table.

export const teamEndpoints = {
  listStaff: {
    ...apiPaths.listStaff,
    summary:
      "The agency's staff: role, status of their invitation or account, last sign-in, assigned clients",
    tag: 'team',
    response: StaffListResponseSchema,
    status: 200,
  },
  inviteStaff: {
    ...apiPaths.inviteStaff,
    summary: 'Invite an agency admin or agent: a one-time link (72 hours) to choose a password',
    tag: 'team',
    body: StaffInviteSchema,
    response: StaffInvitationResponseSchema,
    // The answer holds the link's secret: it is not kept for a replay.
    replayable: false,
    status: 201,
  },
  resendStaffInvitation: {
    ...apiPaths.resendStaffInvitation,
    summary: 'Send a new invitation link; the older one stops working',
    tag: 'team',
    params: IdParamsSchema,
    response: StaffInvitationResponseSchema,
    replayable: false,
    status: 200,
  },
  revokeStaffInvitation: {
    ...apiPaths.revokeStaffInvitation,
    summary: 'Withdraw an invitation nobody has accepted: the account and its link are removed',
    tag: 'team',
    params: IdParamsSchema,
    response: MessageResponseSchema,
    status: 200,
  },
  changeStaffRole: {
    ...apiPaths.changeStaffRole,
    summary: "Change a member of staff's role (their sessions end; they sign in again with the new role)",
    tag: 'team',
    params: IdParamsSchema,
    body: StaffRoleUpdateSchema,
    response: StaffMemberResponseSchema,
    status: 200,
  },
  deactivateStaff: {
    ...apiPaths.deactivateStaff,
    summary: 'Deactivate a member of staff: every session ends at once and sign-in is refused',
    tag: 'team',
    params: IdParamsSchema,
    response: StaffMemberResponseSchema,
    status: 200,
  },
  reactivateStaff: {
    ...apiPaths.reactivateStaff,
    summary: 'Let a deactivated member of staff sign in again',
    tag: 'team',
    params: IdParamsSchema,
    response: StaffMemberResponseSchema,
    status: 200,
  },
} as const satisfies Record<string, Endpoint>;
