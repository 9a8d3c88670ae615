import type { EndpointName, Role } from '@portal/contract';

// The declarative permission table of the authorization matrix (issue 9, item 1; GitLab's permission
// tables): for every endpoint of the contract, which object its path or body names, and for every caller
// what it gets. A foreign object answers 404, as if it did not exist (Documenso), never 403: a refusal that
// says "exists, not yours" would tell one agency about another's ids.

/** What the path (or, marked `inBody`, the body) of an endpoint names. */
export type ObjectKind =
  | 'none'
  /** An account to sign in with (the login's email and password). */
  | 'login'
  /** An agency owner's account (the admin's "client"). */
  | 'owner'
  | 'insuranceProvider'
  | 'investmentProvider'
  | 'primary'
  | 'secondary'
  /** An insurance policy. */
  | 'policy'
  /** An investment account. */
  | 'account'
  /** An e-mail of the agency's outbox. */
  | 'outbox'
  /** A member of the agency's staff (issue 25: an agency admin or agent). */
  | 'staff'
  /** An import job (issue 26): an agent's are their own. */
  | 'importJob'
  /** A claim on a client's insurance policy (issue 28). */
  | 'claim';

/**
 * Which objects an allowed caller reaches: `any` every one; `agency` those of its own agency (the owner:
 * every client's); `self` only its own (an agency client: its own record, family, plans).
 */
export type Scope = 'any' | 'agency' | 'self';

export interface Permission {
  object: ObjectKind;
  /** The object's id travels in the body rather than the path. */
  inBody?: true;
  /**
   * The status of an allowed call. The second factor's calls are sent with a code that cannot be right (no
   * authenticator app in the matrix), so their allowed callers get the handler's refusal: the gate let them through.
   */
  ok: 200 | 201 | 202 | 400 | 401 | 409;
  /** An allowed role whose call is answered otherwise than `ok` (the admin, whose second factor is on). */
  okFor?: Partial<Record<Role, 200 | 201 | 202 | 400 | 401 | 409>>;
  /** Roles allowed and their reach; a role left out is refused with 403, an anonymous caller with 401. */
  allow: Partial<Record<Role, Scope>> | { public: Scope };
  /** The status of an allowed caller on an object out of its reach (default 404: as if it did not exist). */
  outside?: 401 | 404;
  /**
   * Query strings also tried, each its own cells with the same statuses; `{own}` and `{other}` stand for the
   * caller's agency letter and the other's (a search for the other agency's canaries must find nothing).
   */
  queries?: readonly string[];
}

const SEARCHES = ['?search=CANARY-{other}-', '?search=CANARY-{own}-', '?limit=100&offset=0'] as const;

const AO: Permission['allow'] = { AO: 'agency' };
/** The owner and agency admins (issue 25): the whole book of their agency. */
const MANAGERS: Permission['allow'] = { AO: 'agency', AA: 'agency' };
/**
 * The workspace (issue 25): the owner and agency admins reach the whole book; an agent their own, the objects of
 * the clients assigned to them (`self`), and another agent's as another agency's.
 */
const WORKSPACE: Permission['allow'] = { AO: 'agency', AA: 'agency', AG: 'self' };
/** The agency's own records that belong to no client (its provider companies): the whole workspace reaches them. */
const WORKSPACE_AGENCY: Permission['allow'] = { AO: 'agency', AA: 'agency', AG: 'agency' };
const AC: Permission['allow'] = { AC: 'self' };
const ADMIN: Permission['allow'] = { ADMIN: 'any' };
const EVERYONE: Permission['allow'] = { ADMIN: 'self', AO: 'self', AC: 'self', AA: 'self', AG: 'self' };
const SECOND_FACTOR: Permission['allow'] = { ADMIN: 'self', AO: 'self', AA: 'self', AG: 'self' };

export const permissions = {
  health: { object: 'none', ok: 200, allow: { public: 'any' } },
  registerAgency: { object: 'none', ok: 201, allow: { public: 'any' } },
  // Whether a portal address is free (issue 24 item 5): the same answer to anyone.
  checkSlug: { object: 'none', ok: 200, allow: { public: 'any' } },
  // An agency's address signs in only its own accounts; another agency's is a wrong email or password.
  login: { object: 'login', ok: 200, allow: { public: 'agency' }, outside: 401 },
  // The name and logo of the agency at the request's Host (issue 24 item 4): the matrix asks at the caller's own
  // agency's address, so each caller sees its own agency's brand only.
  branding: { object: 'none', ok: 200, allow: { public: 'any' } },
  brandingLogo: { object: 'none', ok: 200, allow: { public: 'any' } },
  logout: { object: 'none', ok: 200, allow: EVERYONE },
  me: { object: 'none', ok: 200, allow: EVERYONE },
  changePassword: { object: 'none', ok: 200, allow: EVERYONE },
  // One-time password links (issue 24): the request answers the same to anyone; a made-up link opens nothing.
  forgotPassword: { object: 'none', ok: 200, allow: { public: 'any' } },
  checkPasswordLink: { object: 'none', ok: 400, allow: { public: 'any' } },
  setPasswordWithLink: { object: 'none', ok: 400, allow: { public: 'any' } },
  // The second factor (issue 23 item 14): a made-up challenge opens nothing; confirming before a set-up has
  // started, or turning off a factor that is not on, is a conflict. The admin has it on (createAdmin): a second
  // set-up is a conflict, and turning it off with a wrong password a 400.
  loginSecondFactor: { object: 'none', ok: 401, allow: { public: 'any' } },
  secondFactorStatus: { object: 'none', ok: 200, allow: SECOND_FACTOR },
  confirmSecondFactor: { object: 'none', ok: 409, allow: SECOND_FACTOR },
  enrolSecondFactor: { object: 'none', ok: 200, okFor: { ADMIN: 409 }, allow: SECOND_FACTOR },
  disableSecondFactor: {
    object: 'none',
    ok: 409,
    okFor: { ADMIN: 400 },
    allow: SECOND_FACTOR,
  },

  listOwners: { object: 'none', ok: 200, allow: ADMIN, queries: ['?search=CANARY-{other}-'] },
  ownerStats: { object: 'none', ok: 200, allow: ADMIN },
  ownerAgencies: { object: 'owner', ok: 200, allow: ADMIN },
  updateOwner: { object: 'owner', inBody: true, ok: 200, allow: ADMIN },
  resetOwnerPassword: { object: 'owner', ok: 200, allow: ADMIN },

  insuranceServices: { object: 'none', ok: 200, allow: EVERYONE },
  investmentServices: { object: 'none', ok: 200, allow: EVERYONE },
  createService: { object: 'none', ok: 201, allow: ADMIN },

  createInsuranceProvider: { object: 'none', ok: 201, allow: MANAGERS },
  createInvestmentProvider: { object: 'none', ok: 201, allow: MANAGERS },
  updateInsuranceProvider: { object: 'insuranceProvider', ok: 200, allow: MANAGERS },
  updateInvestmentProvider: { object: 'investmentProvider', ok: 200, allow: MANAGERS },
  listProviders: { object: 'none', ok: 200, allow: WORKSPACE },
  listInsuranceProviders: { object: 'none', ok: 200, allow: WORKSPACE },
  providersByService: { object: 'none', ok: 200, allow: WORKSPACE },
  providerBankDetails: { object: 'insuranceProvider', ok: 200, allow: MANAGERS },
  providerLogo: { object: 'insuranceProvider', ok: 200, allow: WORKSPACE_AGENCY },
  deleteProvider: { object: 'insuranceProvider', ok: 200, allow: MANAGERS },

  agencyProfile: { object: 'none', ok: 200, allow: WORKSPACE },
  updateAgencyProfile: { object: 'none', ok: 200, allow: AO },
  uploadAgencyLogo: { object: 'none', ok: 200, allow: AO },
  agencyLogo: { object: 'none', ok: 200, allow: WORKSPACE },
  agencyDashboard: { object: 'none', ok: 200, allow: WORKSPACE },

  listPrimaryClients: { object: 'none', ok: 200, allow: WORKSPACE, queries: SEARCHES },
  listFamilies: { object: 'none', ok: 200, allow: WORKSPACE, queries: SEARCHES },
  createPrimaryClient: { object: 'none', ok: 201, allow: WORKSPACE },
  // Issue 25 item 3: the owner and agency admins assign clients (named in the body) to an agent or nobody.
  assignPrimaryClients: { object: 'primary', inBody: true, ok: 200, allow: MANAGERS },
  listAgents: { object: 'none', ok: 200, allow: MANAGERS },
  primaryClientDetail: { object: 'primary', ok: 200, allow: WORKSPACE },
  updatePrimaryClient: { object: 'primary', ok: 200, allow: WORKSPACE },
  deletePrimaryClient: { object: 'primary', ok: 200, allow: MANAGERS },
  setPortalAccess: { object: 'primary', ok: 200, allow: WORKSPACE },
  resetPortalPassword: { object: 'primary', ok: 200, allow: WORKSPACE },
  // Issue 24 item 2: an invitation turns portal access on and sends a one-time link.
  invitePrimaryClient: { object: 'primary', ok: 200, allow: WORKSPACE },
  primaryClientAvatar: { object: 'primary', ok: 200, allow: { ...WORKSPACE, AC: 'self' } },
  uploadPrimaryClientAvatar: { object: 'primary', ok: 200, allow: WORKSPACE },

  createSecondaryClient: { object: 'primary', inBody: true, ok: 201, allow: WORKSPACE },
  secondaryClientDetail: { object: 'secondary', ok: 200, allow: WORKSPACE },
  updateSecondaryClient: { object: 'secondary', ok: 200, allow: WORKSPACE },
  deleteSecondaryClient: { object: 'secondary', ok: 200, allow: WORKSPACE },
  uploadSecondaryDocument: { object: 'secondary', ok: 200, allow: WORKSPACE },
  secondaryDocument: { object: 'secondary', ok: 200, allow: WORKSPACE },

  addPlansToExisting: { object: 'primary', inBody: true, ok: 201, allow: WORKSPACE },
  planDetails: { object: 'policy', ok: 200, allow: WORKSPACE },
  deleteClientPlan: { object: 'policy', ok: 200, allow: WORKSPACE },
  updateClientPlan: { object: 'policy', ok: 200, allow: WORKSPACE },
  clientPlanDocument: { object: 'policy', ok: 200, allow: WORKSPACE },
  replaceClientPlanDocument: { object: 'policy', ok: 200, allow: WORKSPACE },
  // Premium dues (issue 27): a plan's payments, and marking a premium paid.
  planPremiums: { object: 'policy', ok: 200, allow: WORKSPACE },
  markPremiumPaid: { object: 'policy', ok: 200, allow: WORKSPACE },
  // A payment's receipt PDF (decision 041): the path names the plan and its payment (the matrix's payment of
  // each policy, with a receipt); the client's own plans only.
  planPremiumReceipt: { object: 'policy', ok: 200, allow: WORKSPACE },
  // The claims register (issue 28): the workspace; an agent the claims of their own clients' policies only.
  listClaims: {
    object: 'none',
    ok: 200,
    allow: WORKSPACE,
    queries: ['?search=CANARY-{other}-', '?search=CANARY-{own}-', '?status=open', '?limit=100&offset=0'],
  },
  createClaim: { object: 'policy', inBody: true, ok: 201, allow: WORKSPACE },
  claimDetail: { object: 'claim', ok: 200, allow: WORKSPACE },
  changeClaimStatus: { object: 'claim', ok: 200, allow: WORKSPACE },
  planClaims: { object: 'policy', ok: 200, allow: WORKSPACE },
  primaryClientClaims: { object: 'primary', ok: 200, allow: WORKSPACE },
  // A claim's checklist (decision 045): the claim's file of an item, its items received and pending again.
  claimDocuments: { object: 'claim', ok: 200, allow: WORKSPACE },
  receiveClaimDocument: { object: 'claim', ok: 200, allow: WORKSPACE },
  clearClaimDocument: { object: 'claim', ok: 200, allow: WORKSPACE },
  claimDocumentFile: { object: 'claim', ok: 200, allow: WORKSPACE },
  // How long a claim may stay in one status before staff are reminded: the agency's setting, its managers'.
  claimSettings: { object: 'none', ok: 200, allow: MANAGERS },
  updateClaimSettings: { object: 'none', ok: 200, allow: MANAGERS },

  clientSummary: { object: 'none', ok: 200, allow: AC },
  clientProfile: { object: 'none', ok: 200, allow: AC },
  clientAgency: { object: 'none', ok: 200, allow: AC },
  clientPlans: { object: 'none', ok: 200, allow: AC },
  clientPlanDetails: { object: 'policy', ok: 200, allow: AC },
  // The client's claims (issue 28 item 5): their household's only; another client's claim is none.
  clientClaims: { object: 'none', ok: 200, allow: AC },
  clientClaimDetail: { object: 'claim', ok: 200, allow: AC },
  clientPolicyDocument: { object: 'policy', ok: 200, allow: AC },
  clientPremiumReceipt: { object: 'policy', ok: 200, allow: AC },
  clientInvestmentDocument: { object: 'account', ok: 200, allow: AC },
  clientSecondaryClients: { object: 'none', ok: 200, allow: AC },
  clientSecondaryClient: { object: 'secondary', ok: 200, allow: AC },
  clientSecondaryDocuments: { object: 'secondary', ok: 200, allow: AC },
  clientSecondaryDocument: { object: 'secondary', ok: 200, allow: AC },
  clientAlerts: { object: 'none', ok: 200, allow: AC },
  // The family portfolio statement (issue 29 item 2): the workspace's (an agent their own clients' only) and the
  // client's own. The PDF's text is read back (its streams are compressed) and scanned for canaries.
  householdStatement: { object: 'primary', ok: 200, allow: WORKSPACE },
  clientPortfolioStatement: { object: 'none', ok: 200, allow: AC },

  // The book's export (issue 26 item 7): the whole book for the owner and agency admins, an agent's own clients.
  // Every file is scanned for the other agency's canaries (an .xlsx unzipped, see the matrix).
  exportBookXlsx: { object: 'none', ok: 200, allow: WORKSPACE },
  exportBookCsv: {
    object: 'none',
    ok: 200,
    allow: WORKSPACE,
    queries: ['?sheet=clients', '?sheet=family_members', '?sheet=plans'],
  },
  // The reports (issue 29, decision 046): the owner and agency admins; an agent and a client are refused (403).
  // The other agency's canaries must appear in no answer or file.
  reportPremiumRegister: {
    object: 'none',
    ok: 200,
    allow: MANAGERS,
    queries: ['?period=last_fy', '?period=custom&from=2020-01-01&to=2024-12-31&limit=100'],
  },
  reportPremiumRegisterTotals: { object: 'none', ok: 200, allow: MANAGERS },
  reportNewBusiness: { object: 'none', ok: 200, allow: MANAGERS, queries: ['?period=this_month'] },
  reportRenewals: { object: 'none', ok: 200, allow: MANAGERS },
  reportBook: { object: 'none', ok: 200, allow: MANAGERS },
  reportClaims: { object: 'none', ok: 200, allow: MANAGERS },
  reportDownload: {
    object: 'none',
    ok: 200,
    allow: MANAGERS,
    queries: [
      '?report=premium_register&format=xlsx',
      '?report=premium_register&format=csv',
      '?report=new_business&format=pdf',
      '?report=book&format=csv',
      '?report=claims&format=xlsx',
      '?report=renewals&format=csv',
    ],
  },
  // The import's template (issue 26 item 1): the same file for the whole workspace, no agency's data in it.
  importTemplateXlsx: { object: 'none', ok: 200, allow: WORKSPACE },
  importTemplateCsv: {
    object: 'none',
    ok: 200,
    allow: WORKSPACE,
    queries: ['?sheet=clients', '?sheet=family_members', '?sheet=plans'],
  },
  renewalList: {
    object: 'none',
    ok: 200,
    allow: WORKSPACE,
    queries: ['?bucket=week', '?bucket=60', '?bucket=overdue', '?service=life&bucket=90', '?limit=100'],
  },
  renewalPlan: { object: 'policy', ok: 200, allow: WORKSPACE },
  markPlanRenewed: { object: 'policy', ok: 200, allow: WORKSPACE },
  markPlanLapsed: { object: 'policy', ok: 200, allow: WORKSPACE },
  markPlanContacted: { object: 'policy', ok: 200, allow: WORKSPACE },
  // Follow-ups and lost plans (issue 27 item 4): an agent's own clients' plans only; WhatsApp messages (item 5):
  // the workspace reads them, the managers change them.
  planFollowUps: { object: 'policy', ok: 200, allow: WORKSPACE },
  addPlanFollowUp: { object: 'policy', ok: 201, allow: WORKSPACE },
  markPlanLost: { object: 'policy', ok: 200, allow: WORKSPACE },
  whatsAppTemplates: { object: 'none', ok: 200, allow: WORKSPACE },
  updateWhatsAppTemplate: { object: 'none', ok: 200, allow: MANAGERS },
  reminderSettings: { object: 'none', ok: 200, allow: MANAGERS },
  updateReminderSettings: { object: 'none', ok: 200, allow: MANAGERS },
  outboxList: { object: 'none', ok: 200, allow: MANAGERS, queries: ['?limit=100&offset=0', '?offset=1'] },
  outboxMessage: { object: 'outbox', ok: 200, allow: MANAGERS },
  clientNotificationPreference: { object: 'none', ok: 200, allow: AC },
  updateClientNotificationPreference: { object: 'none', ok: 200, allow: AC },
  // Who did what (issue 25 item 4): the owner alone reads the agency's activity log.
  activityLog: { object: 'none', ok: 200, allow: AO, queries: ['?limit=100'] },
  activityPeople: { object: 'none', ok: 200, allow: AO },
  // The team (issue 25 item 2): the owner alone.
  listStaff: { object: 'none', ok: 200, allow: AO },
  inviteStaff: { object: 'none', ok: 201, allow: AO },
  resendStaffInvitation: { object: 'staff', ok: 200, allow: AO },
  revokeStaffInvitation: { object: 'staff', ok: 200, allow: AO },
  changeStaffRole: { object: 'staff', ok: 200, allow: AO },
  deactivateStaff: { object: 'staff', ok: 200, allow: AO },
  reactivateStaff: { object: 'staff', ok: 200, allow: AO },
  // The import (issue 26): the workspace; an agent's imports are their own (`self`), another's as another agency's.
  savedImportMappings: { object: 'none', ok: 200, allow: WORKSPACE },
  listImports: { object: 'none', ok: 200, allow: WORKSPACE },
  uploadImport: { object: 'none', ok: 201, allow: WORKSPACE },
  getImport: { object: 'importJob', ok: 200, allow: WORKSPACE },
  setImportMapping: { object: 'importJob', ok: 200, allow: WORKSPACE },
  importRows: { object: 'importJob', ok: 200, allow: WORKSPACE, queries: ['?outcome=problems'] },
  importHouseholds: { object: 'importJob', ok: 200, allow: WORKSPACE },
  changeImportHouseholds: { object: 'importJob', ok: 200, allow: WORKSPACE },
  commitImport: { object: 'importJob', ok: 202, allow: WORKSPACE },
  cancelImport: { object: 'importJob', ok: 200, allow: WORKSPACE },
  undoImport: { object: 'importJob', ok: 200, allow: WORKSPACE },
  importErrorsXlsx: { object: 'importJob', ok: 200, allow: WORKSPACE },
} as const satisfies Record<EndpointName, Permission>;

/**
 * How the object of a cell stands to the caller: its own, another of its agency, one of the other agency,
 * or an id that names nothing (which must be answered exactly as the other agency's).
 */
export type Relation = 'own' | 'same' | 'other' | 'missing';
export type CallerRole = Role | 'anonymous';

/** The status the table expects for a caller of `role` on an object standing `relation` to it. */
export function expectedStatus(p: Permission, role: CallerRole, relation: Relation | null): number {
  let scope: Scope | undefined;
  if ('public' in p.allow) scope = p.allow.public;
  else if (role === 'anonymous') return 401;
  else scope = (p.allow as Partial<Record<Role, Scope>>)[role];
  if (!scope) return 403;
  // The platform admin belongs to no agency (its address is the platform's): an agency's reach holds nothing
  // for it. An anonymous caller's agency is the address it calls.
  const inAgency = role !== 'ADMIN' && (relation === 'own' || relation === 'same');
  const reached =
    relation === null ||
    (relation !== 'missing' && (scope === 'any' || (scope === 'agency' ? inAgency : relation === 'own')));
  const ok = (role !== 'anonymous' && p.okFor?.[role]) || p.ok;
  return reached ? ok : (p.outside ?? 404);
}

/** Whether the access hook lets the caller through, so the handler decides. */
export function passesGate(p: Permission, role: CallerRole): boolean {
  if ('public' in p.allow) return true;
  return role !== 'anonymous' && (p.allow as Partial<Record<Role, Scope>>)[role] !== undefined;
}

/**
 * Calls whose body names a second object besides the path's (or the body's first): made by an agency owner
 * on its own object with the second taken from elsewhere. A foreign or unknown second object is refused with
 * `status`, the same answer for both. `same` says the second object is also refused when it is its own
 * agency's but another client's (a family member of another client).
 */
export interface CrossReference {
  endpoint: EndpointName;
  ref: 'insuranceProvider' | 'secondary';
  status: 400 | 404;
  same?: true;
}

export const crossReferences: CrossReference[] = [
  { endpoint: 'addPlansToExisting', ref: 'insuranceProvider', status: 400 },
  { endpoint: 'addPlansToExisting', ref: 'secondary', status: 404, same: true },
  { endpoint: 'createPrimaryClient', ref: 'insuranceProvider', status: 400 },
  { endpoint: 'updateClientPlan', ref: 'insuranceProvider', status: 400 },
];

/** The roles the table lets past the gate, for comparing with the contract's access lists. */
export function allowedRoles(p: Permission): 'public' | Role[] {
  return 'public' in p.allow ? 'public' : (Object.keys(p.allow) as Role[]).sort();
}
