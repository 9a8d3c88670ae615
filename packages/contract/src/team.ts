import { z } from 'zod';
import { optionalPhone, requiredText } from './clients.ts';
import { MSG } from './messages.ts';
import { STAFF_ROLES } from './roles.ts';
import { EMAIL_RE } from './rules.ts';

// The agency's team (issue 25 item 2, decision 032): the owner invites agency admins and agents by e-mail, each
// with a one-time link to choose a password, and later changes their role, deactivates or reactivates them.

/** Invitations (and resends) an agency may send in one window of LOGIN_WINDOW_MINUTES: each sends an e-mail. */
export const STAFF_INVITES_PER_WINDOW = 20;
/** Resends of one person's invitation in a window: enough for a typo'd inbox, not a way to flood one. */
export const STAFF_RESENDS_PER_WINDOW = 3;

export const STAFF_STATUSES = ['invited', 'invitation_expired', 'active', 'deactivated'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const STAFF_STATUS_LABEL: Record<StaffStatus, string> = {
  invited: 'Invited',
  invitation_expired: 'Invitation expired',
  active: 'Active',
  deactivated: 'Deactivated',
};

export const TEAM_MSG = {
  notFound: 'Member of staff not found.',
  emailTakenByStaff: 'A member of your team already uses this e-mail.',
  emailTakenByClient:
    'A client of your agency already uses this e-mail for the portal. A member of staff needs an e-mail of their own.',
  emailIsOwners: 'This is your own e-mail. A member of staff needs an e-mail of their own.',
  alreadyAccepted: 'This person has already chosen a password, so there is no invitation to send or revoke.',
  deactivatedNoInvite: 'Reactivate this person before sending them a new invitation.',
  tooManyInvites: 'Too many invitations in a short time. Please wait and try again.',
  roleRequired: 'Role must be Agency admin or Agent.',
} as const;

const staffRole = z.enum(STAFF_ROLES, { error: TEAM_MSG.roleRequired });

export const StaffInviteSchema = z.object({
  full_name: requiredText('Full Name', 120),
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .min(1, { error: 'Email is required.', abort: true })
    .max(254, { error: 'Email must be at most 254 characters.' })
    .regex(EMAIL_RE, { error: MSG.invalidEmail })
    .transform((v) => v.toLowerCase()),
  phone: optionalPhone('Phone Number'),
  role: staffRole,
});
export type StaffInvite = z.input<typeof StaffInviteSchema>;

export const StaffRoleUpdateSchema = z.object({ role: staffRole });
export type StaffRoleUpdate = z.input<typeof StaffRoleUpdateSchema>;

export const StaffMemberSchema = z.object({
  id: z.uuid(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(STAFF_STATUSES),
  invited_at: z.string(),
  /** When the newest unused invitation stops working; null once the password is chosen. */
  invitation_expires_at: z.string().nullable(),
  last_login_at: z.string().nullable(),
  /** Primary clients assigned to an agent (0 for an agency admin, who works the whole book). */
  assigned_clients: z.number().int(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffListResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(StaffMemberSchema),
});
export type StaffListResponse = z.infer<typeof StaffListResponseSchema>;

export const StaffMemberResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: StaffMemberSchema,
});
export type StaffMemberResponse = z.infer<typeof StaffMemberResponseSchema>;

export const StaffInvitationResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: StaffMemberSchema,
  invitation: z.object({
    /** The one-time link, for the owner to pass on (WhatsApp, copy) when no mail server sent it. */
    url: z.string(),
    /** SMTP sent it, or (no SMTP) only the server's log holds it: never the agency outbox (decision 025). */
    delivery: z.enum(['email', 'outbox', 'log']),
    whatsapp_url: z.string().nullable(),
    expires_at: z.string(),
  }),
});
export type StaffInvitationResponse = z.infer<typeof StaffInvitationResponseSchema>;
