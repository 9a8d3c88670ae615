import { MANAGER_ROLES, type Role, WORKSPACE_ROLES } from './roles.ts';

// Method, path and access of every endpoint, without schemas, so the browser's API client can use it
// without shipping zod. endpoints.ts adds the schemas; a test holds the two tables to the same keys.

/** Who may call an endpoint. Every endpoint says so; the API refuses to start otherwise. */
export type Access = 'public' | readonly Role[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const ALL_ROLES = ['ADMIN', 'AO', 'AC', 'AA', 'AG'] as const;
/** The agency's workspace: its owner and staff (issue 25); an agent reaches only their clients (`owns`). */
const WORKSPACE = WORKSPACE_ROLES;
/** The owner and agency admins: agency-wide settings, provider changes and bank details, assignment. */
const MANAGERS = MANAGER_ROLES;
/** The second factor: every account that works in an area with sign-in of its own but the clients'. */
const SECOND_FACTOR_ROLES = ['ADMIN', 'AO', 'AA', 'AG'] as const;

/**
 * What a path's `:id` names for the agent gate (issue 25): an agent's call whose id names a client, member or
 * plan not assigned to them is answered 404 with that kind's own not-found message, before the handler runs.
 */
export type Owns = 'client' | 'member' | 'plan' | 'claim';

export interface ApiPath {
  method: HttpMethod;
  path: string;
  access: Access;
  /** Callable while the user must still choose a new password (after an admin reset, decisions §3). */
  beforePasswordChange?: boolean;
  /** Callable by a platform admin who has not yet set up the required second factor (issue 23 item 14). */
  beforeSecondFactor?: boolean;
  /** The kind of record the path's `:id` names, checked against an agent's assignment (issue 25). */
  owns?: Owns;
}

export const apiPaths = {
  health: { method: 'GET', path: '/api/health', access: 'public' },
  registerAgency: { method: 'POST', path: '/api/agencies/register-client', access: 'public' },
  checkSlug: { method: 'GET', path: '/api/registration/slug', access: 'public' },
  login: { method: 'POST', path: '/api/agencies/client-login', access: 'public' },
  // The name and logo of the agency at the request's address, for its sign-in page (issue 24 item 4).
  branding: { method: 'GET', path: '/api/branding', access: 'public' },
  brandingLogo: { method: 'GET', path: '/api/branding/logo', access: 'public' },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    access: ALL_ROLES,
    beforePasswordChange: true,
    beforeSecondFactor: true,
  },
  me: {
    method: 'GET',
    path: '/api/auth/me',
    access: ALL_ROLES,
    beforePasswordChange: true,
    beforeSecondFactor: true,
  },
  changePassword: {
    method: 'POST',
    path: '/api/auth/change-password',
    access: ALL_ROLES,
    beforePasswordChange: true,
    beforeSecondFactor: true,
  },
  // The TOTP second factor (issue 23 item 14): the code step of sign-in, and its set-up for the admin and owners.
  // One-time links to choose a password (issue 24, decision 025).
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password', access: 'public' },
  checkPasswordLink: { method: 'POST', path: '/api/auth/password-link', access: 'public' },
  setPasswordWithLink: { method: 'POST', path: '/api/auth/password-link/set', access: 'public' },
  loginSecondFactor: { method: 'POST', path: '/api/auth/second-factor/login', access: 'public' },
  secondFactorStatus: {
    method: 'GET',
    path: '/api/auth/second-factor',
    access: SECOND_FACTOR_ROLES,
    beforeSecondFactor: true,
  },
  enrolSecondFactor: {
    method: 'POST',
    path: '/api/auth/second-factor/enrol',
    access: SECOND_FACTOR_ROLES,
    beforeSecondFactor: true,
  },
  confirmSecondFactor: {
    method: 'POST',
    path: '/api/auth/second-factor/confirm',
    access: SECOND_FACTOR_ROLES,
    beforeSecondFactor: true,
  },
  disableSecondFactor: {
    method: 'POST',
    path: '/api/auth/second-factor/disable',
    access: SECOND_FACTOR_ROLES,
  },
  listOwners: { method: 'GET', path: '/api/clients', access: ['ADMIN'] },
  ownerStats: { method: 'GET', path: '/api/clients/stats', access: ['ADMIN'] },
  ownerAgencies: { method: 'GET', path: '/api/clients/:id/agencies', access: ['ADMIN'] },
  updateOwner: { method: 'PUT', path: '/api/clients/update', access: ['ADMIN'] },
  resetOwnerPassword: { method: 'POST', path: '/api/clients/:id/reset-ao-password', access: ['ADMIN'] },
  insuranceServices: { method: 'GET', path: '/api/services/insurances', access: ALL_ROLES },
  investmentServices: { method: 'GET', path: '/api/services/investments', access: ALL_ROLES },
  createService: { method: 'POST', path: '/api/services', access: ['ADMIN'] },
  createInsuranceProvider: { method: 'POST', path: '/api/plans/insurance', access: MANAGERS },
  createInvestmentProvider: { method: 'POST', path: '/api/plans/investment', access: MANAGERS },
  updateInsuranceProvider: { method: 'PUT', path: '/api/plans/insurance/:id', access: MANAGERS },
  updateInvestmentProvider: { method: 'PUT', path: '/api/plans/investment/:id', access: MANAGERS },
  listProviders: { method: 'GET', path: '/api/plans/providers', access: WORKSPACE },
  listInsuranceProviders: { method: 'GET', path: '/api/plans/insurance/providers', access: WORKSPACE },
  providersByService: {
    method: 'GET',
    path: '/api/agencies/providers/by-service/:serviceId',
    access: WORKSPACE,
  },
  providerBankDetails: { method: 'GET', path: '/api/plans/:id/bank-details', access: MANAGERS },
  providerLogo: { method: 'GET', path: '/api/plans/:id/logo', access: WORKSPACE },
  deleteProvider: { method: 'DELETE', path: '/api/plans/:id', access: MANAGERS },
  agencyProfile: { method: 'GET', path: '/api/agencies/profile', access: WORKSPACE },
  updateAgencyProfile: { method: 'PUT', path: '/api/agencies/profile', access: ['AO'] },
  uploadAgencyLogo: { method: 'POST', path: '/api/agencies/profile/logo', access: ['AO'] },
  agencyLogo: { method: 'GET', path: '/api/agencies/profile/logo', access: WORKSPACE },
  agencyDashboard: { method: 'GET', path: '/api/agencies/dashboard', access: WORKSPACE },
  // Primary clients (issue 5)
  listPrimaryClients: { method: 'GET', path: '/api/users/primary-clients', access: WORKSPACE },
  listFamilies: { method: 'GET', path: '/api/users/families', access: WORKSPACE },
  createPrimaryClient: { method: 'POST', path: '/api/users/primary-clients', access: WORKSPACE },
  // Assignment of clients to agents (issue 25 item 3): the owner and agency admins.
  assignPrimaryClients: { method: 'PUT', path: '/api/users/primary-clients/assignment', access: MANAGERS },
  listAgents: { method: 'GET', path: '/api/users/agents', access: MANAGERS },
  primaryClientDetail: {
    method: 'GET',
    path: '/api/users/primary-clients/:id',
    access: WORKSPACE,
    owns: 'client',
  },
  updatePrimaryClient: {
    method: 'PUT',
    path: '/api/users/primary-clients/:id',
    access: WORKSPACE,
    owns: 'client',
  },
  deletePrimaryClient: {
    method: 'DELETE',
    path: '/api/users/primary-clients/:id',
    access: MANAGERS,
    owns: 'client',
  },
  setPortalAccess: {
    method: 'PUT',
    path: '/api/users/primary-clients/:id/portal-access',
    access: WORKSPACE,
    owns: 'client',
  },
  resetPortalPassword: {
    method: 'POST',
    path: '/api/users/primary-clients/:id/reset-portal-password',
    access: WORKSPACE,
    owns: 'client',
  },
  // Portal access by invitation (issue 24 item 2, decision 025): a one-time link to choose a password.
  invitePrimaryClient: {
    method: 'POST',
    path: '/api/users/primary-clients/:id/invitation',
    access: WORKSPACE,
    owns: 'client',
  },
  // An agency client may fetch their own photo only (issue 6): another id is a 404 for them.
  primaryClientAvatar: {
    method: 'GET',
    path: '/api/users/primary-clients/:id/avatar',
    access: [...WORKSPACE, 'AC'],
    owns: 'client',
  },
  uploadPrimaryClientAvatar: {
    method: 'POST',
    path: '/api/users/primary-clients/:id/avatar',
    access: WORKSPACE,
    owns: 'client',
  },
  // Family members (issue 5)
  createSecondaryClient: { method: 'POST', path: '/api/secondary-clients', access: WORKSPACE },
  secondaryClientDetail: {
    method: 'GET',
    path: '/api/secondary-clients/:id',
    access: WORKSPACE,
    owns: 'member',
  },
  updateSecondaryClient: {
    method: 'PUT',
    path: '/api/secondary-clients/:id',
    access: WORKSPACE,
    owns: 'member',
  },
  deleteSecondaryClient: {
    method: 'DELETE',
    path: '/api/secondary-clients/:id',
    access: WORKSPACE,
    owns: 'member',
  },
  uploadSecondaryDocument: {
    method: 'POST',
    path: '/api/secondary-clients/:id/documents/:kind',
    access: WORKSPACE,
    owns: 'member',
  },
  secondaryDocument: {
    method: 'GET',
    path: '/api/secondary-clients/:id/documents/:kind',
    access: WORKSPACE,
    owns: 'member',
  },
  // Client plans (issue 5)
  addPlansToExisting: { method: 'POST', path: '/api/agencies/add-plans-to-existing', access: WORKSPACE },
  planDetails: { method: 'GET', path: '/api/plans/:id/details', access: WORKSPACE, owns: 'plan' },
  deleteClientPlan: { method: 'DELETE', path: '/api/client-plans/:id', access: WORKSPACE, owns: 'plan' },
  updateClientPlan: { method: 'PUT', path: '/api/client-plans/:id', access: WORKSPACE, owns: 'plan' },
  clientPlanDocument: {
    method: 'GET',
    path: '/api/client-plans/:id/document',
    access: WORKSPACE,
    owns: 'plan',
  },
  replaceClientPlanDocument: {
    method: 'POST',
    path: '/api/client-plans/:id/document',
    access: WORKSPACE,
    owns: 'plan',
  },
  // Premium dues (issue 27, decision 038): a plan's payments and "Mark premium paid".
  planPremiums: { method: 'GET', path: '/api/plans/:id/premiums', access: WORKSPACE, owns: 'plan' },
  markPremiumPaid: { method: 'POST', path: '/api/plans/:id/premiums', access: WORKSPACE, owns: 'plan' },
  // A payment's receipt PDF (decision 041), in the workspace and in the client's area.
  planPremiumReceipt: {
    method: 'GET',
    path: '/api/plans/:id/premiums/:paymentId/receipt',
    access: WORKSPACE,
    owns: 'plan',
  },
  // The claims register (issue 28, decision 043): an agent reaches the claims of their own clients' plans only.
  listClaims: { method: 'GET', path: '/api/claims', access: WORKSPACE },
  createClaim: { method: 'POST', path: '/api/claims', access: WORKSPACE },
  claimDetail: { method: 'GET', path: '/api/claims/:id', access: WORKSPACE, owns: 'claim' },
  changeClaimStatus: { method: 'POST', path: '/api/claims/:id/status', access: WORKSPACE, owns: 'claim' },
  planClaims: { method: 'GET', path: '/api/plans/:id/claims', access: WORKSPACE, owns: 'plan' },
  // A claim's document checklist (issue 28 item 3, decision 045) and the agency's stuck-claim reminder setting.
  claimDocuments: { method: 'GET', path: '/api/claims/:id/documents', access: WORKSPACE, owns: 'claim' },
  receiveClaimDocument: {
    method: 'POST',
    path: '/api/claims/:id/documents/:item',
    access: WORKSPACE,
    owns: 'claim',
  },
  clearClaimDocument: {
    method: 'DELETE',
    path: '/api/claims/:id/documents/:item',
    access: WORKSPACE,
    owns: 'claim',
  },
  claimDocumentFile: {
    method: 'GET',
    path: '/api/claims/:id/documents/:item/file',
    access: WORKSPACE,
    owns: 'claim',
  },
  claimSettings: { method: 'GET', path: '/api/claims/settings', access: MANAGERS },
  updateClaimSettings: { method: 'PUT', path: '/api/claims/settings', access: MANAGERS },
  // A household's claims on its client record (issue 28 item 4).
  primaryClientClaims: {
    method: 'GET',
    path: '/api/users/primary-clients/:id/claims',
    access: WORKSPACE,
    owns: 'client',
  },
  // The agency client's own area (issue 6): always the signed-in client's data.
  clientSummary: { method: 'GET', path: '/api/agency-user/client/dashboard/summary', access: ['AC'] },
  clientProfile: { method: 'GET', path: '/api/agency-user/client/profile', access: ['AC'] },
  clientAgency: { method: 'GET', path: '/api/agency-user/client/my-agency-details', access: ['AC'] },
  clientPlans: { method: 'GET', path: '/api/agency-user/client/my-plans', access: ['AC'] },
  clientPlanDetails: { method: 'GET', path: '/api/agency-user/client/plans/:id/details', access: ['AC'] },
  // The client's claims (issue 28 item 5): their household's, read-only.
  clientClaims: { method: 'GET', path: '/api/agency-user/client/claims', access: ['AC'] },
  clientClaimDetail: { method: 'GET', path: '/api/agency-user/client/claims/:id', access: ['AC'] },
  clientPremiumReceipt: {
    method: 'GET',
    path: '/api/agency-user/client/plans/:id/premiums/:paymentId/receipt',
    access: ['AC'],
  },
  clientPolicyDocument: {
    method: 'GET',
    path: '/api/agency-user/policies/:policyId/document',
    access: ['AC'],
  },
  clientInvestmentDocument: {
    method: 'GET',
    path: '/api/agency-user/investments/:accountId/document',
    access: ['AC'],
  },
  clientSecondaryClients: {
    method: 'GET',
    path: '/api/agency-user/client/secondary-clients',
    access: ['AC'],
  },
  clientSecondaryClient: { method: 'GET', path: '/api/agency-user/secondary-client/:id', access: ['AC'] },
  clientSecondaryDocuments: {
    method: 'GET',
    path: '/api/agency-user/secondary-client/:id/documents',
    access: ['AC'],
  },
  clientSecondaryDocument: {
    method: 'GET',
    path: '/api/agency-user/secondary-client/:id/documents/:kind',
    access: ['AC'],
  },
  clientAlerts: { method: 'GET', path: '/api/agency-user/upcoming-alerts', access: ['AC'] },
  // Renewals (issue 7): the work-list, what was done, reminder settings and the outbox (AO); the client's
  // choice of e-mail reminders (AC).
  renewalList: { method: 'GET', path: '/api/renewals', access: WORKSPACE },
  renewalPlan: { method: 'GET', path: '/api/renewals/plans/:id', access: WORKSPACE, owns: 'plan' },
  markPlanRenewed: {
    method: 'POST',
    path: '/api/renewals/plans/:id/renewed',
    access: WORKSPACE,
    owns: 'plan',
  },
  markPlanLapsed: { method: 'POST', path: '/api/renewals/plans/:id/lapsed', access: WORKSPACE, owns: 'plan' },
  markPlanContacted: {
    method: 'POST',
    path: '/api/renewals/plans/:id/contacted',
    access: WORKSPACE,
    owns: 'plan',
  },
  // Follow-ups and lost plans (issue 27 item 4), the agency's WhatsApp templates (item 5): the workspace reads
  // the templates to write a client's message; the owner and agency admins change them.
  planFollowUps: {
    method: 'GET',
    path: '/api/renewals/plans/:id/follow-ups',
    access: WORKSPACE,
    owns: 'plan',
  },
  addPlanFollowUp: {
    method: 'POST',
    path: '/api/renewals/plans/:id/follow-ups',
    access: WORKSPACE,
    owns: 'plan',
  },
  markPlanLost: { method: 'POST', path: '/api/renewals/plans/:id/lost', access: WORKSPACE, owns: 'plan' },
  whatsAppTemplates: { method: 'GET', path: '/api/renewals/whatsapp-templates', access: WORKSPACE },
  updateWhatsAppTemplate: { method: 'PUT', path: '/api/renewals/whatsapp-templates', access: MANAGERS },
  reminderSettings: { method: 'GET', path: '/api/renewals/settings', access: MANAGERS },
  updateReminderSettings: { method: 'PUT', path: '/api/renewals/settings', access: MANAGERS },
  outboxList: { method: 'GET', path: '/api/renewals/outbox', access: MANAGERS },
  outboxMessage: { method: 'GET', path: '/api/renewals/outbox/:id', access: MANAGERS },
  // The agency's team (issue 25 item 2, decision 032): the owner alone invites and manages staff.
  listStaff: { method: 'GET', path: '/api/team', access: ['AO'] },
  inviteStaff: { method: 'POST', path: '/api/team', access: ['AO'] },
  resendStaffInvitation: { method: 'POST', path: '/api/team/:id/invitation', access: ['AO'] },
  revokeStaffInvitation: { method: 'DELETE', path: '/api/team/:id/invitation', access: ['AO'] },
  changeStaffRole: { method: 'PUT', path: '/api/team/:id/role', access: ['AO'] },
  deactivateStaff: { method: 'POST', path: '/api/team/:id/deactivate', access: ['AO'] },
  reactivateStaff: { method: 'POST', path: '/api/team/:id/reactivate', access: ['AO'] },
  clientNotificationPreference: {
    method: 'GET',
    path: '/api/agency-user/client/notification-preference',
    access: ['AC'],
  },
  updateClientNotificationPreference: {
    method: 'PUT',
    path: '/api/agency-user/client/notification-preference',
    access: ['AC'],
  },
  // Who did what (issue 25 item 4, decision 033): the owner's activity log and whom its person filter offers.
  activityLog: { method: 'GET', path: '/api/activity', access: ['AO'] },
  activityPeople: { method: 'GET', path: '/api/activity/people', access: ['AO'] },
  // The agency's book as a spreadsheet (issue 26 item 7): the whole book for the owner and agency admins, an
  // agent's own clients for an agent.
  exportBookXlsx: { method: 'GET', path: '/api/exports/book.xlsx', access: WORKSPACE },
  exportBookCsv: { method: 'GET', path: '/api/exports/book.csv', access: WORKSPACE },
  // The agency's reports (issue 29, decision 046): the owner and agency admins only.
  reportPremiumRegister: { method: 'GET', path: '/api/reports/premium-register', access: MANAGERS },
  reportPremiumRegisterTotals: {
    method: 'GET',
    path: '/api/reports/premium-register/totals',
    access: MANAGERS,
  },
  reportNewBusiness: { method: 'GET', path: '/api/reports/new-business', access: MANAGERS },
  reportRenewals: { method: 'GET', path: '/api/reports/renewals', access: MANAGERS },
  reportBook: { method: 'GET', path: '/api/reports/book', access: MANAGERS },
  reportClaims: { method: 'GET', path: '/api/reports/claims', access: MANAGERS },
  reportDownload: { method: 'GET', path: '/api/reports/download', access: MANAGERS },
  // The import (issue 26, decision 036): the workspace; an agent's imports and matches are their own clients.
  importTemplateXlsx: { method: 'GET', path: '/api/imports/template.xlsx', access: WORKSPACE },
  importTemplateCsv: { method: 'GET', path: '/api/imports/template.csv', access: WORKSPACE },
  savedImportMappings: { method: 'GET', path: '/api/imports/mappings', access: WORKSPACE },
  listImports: { method: 'GET', path: '/api/imports', access: WORKSPACE },
  uploadImport: { method: 'POST', path: '/api/imports', access: WORKSPACE },
  getImport: { method: 'GET', path: '/api/imports/:id', access: WORKSPACE },
  setImportMapping: { method: 'PUT', path: '/api/imports/:id/mapping', access: WORKSPACE },
  importRows: { method: 'GET', path: '/api/imports/:id/rows', access: WORKSPACE },
  importHouseholds: { method: 'GET', path: '/api/imports/:id/households', access: WORKSPACE },
  changeImportHouseholds: { method: 'PUT', path: '/api/imports/:id/households', access: WORKSPACE },
  commitImport: { method: 'POST', path: '/api/imports/:id/commit', access: WORKSPACE },
  cancelImport: { method: 'POST', path: '/api/imports/:id/cancel', access: WORKSPACE },
  undoImport: { method: 'POST', path: '/api/imports/:id/undo', access: WORKSPACE },
  importErrorsXlsx: { method: 'GET', path: '/api/imports/:id/errors.xlsx', access: WORKSPACE },
  // The family portfolio statement (issue 29 item 2, decision 047): a household's plans as a PDF, for the
  // workspace (an agent their own clients' only, `owns`) and for the signed-in client, their own household.
  householdStatement: {
    method: 'GET',
    path: '/api/reports/households/:id/statement.pdf',
    access: WORKSPACE,
    owns: 'client',
  },
  clientPortfolioStatement: { method: 'GET', path: '/api/agency-user/client/statement.pdf', access: ['AC'] },
} as const satisfies Record<string, ApiPath>;

export type EndpointName = keyof typeof apiPaths;
