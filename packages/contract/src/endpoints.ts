import type { z } from 'zod';
import {
  ChangePasswordSchema,
  DashboardStatsSchema,
  IdParamsSchema,
  OwnerAgenciesResponseSchema,
  OwnerListQuerySchema,
  OwnerListResponseSchema,
  PageQuerySchema,
  ResetOwnerPasswordSchema,
  UpdateOwnerResponseSchema,
  UpdateOwnerSchema,
} from './admin.ts';
import { type Access, apiPaths, type EndpointName, type HttpMethod } from './api-paths.ts';
import {
  LoginRequestSchema,
  LoginResponseSchema,
  MeResponseSchema,
  MessageResponseSchema,
  RegistrationResponseSchema,
  RegistrationSchema,
} from './auth.ts';
import {
  CreatePrimaryClientSchema,
  PortalAccessUpdateSchema,
  PrimaryClientDetailResponseSchema,
  PrimaryClientListQuerySchema,
  PrimaryClientListResponseSchema,
  PrimaryClientResponseSchema,
  ResetPortalPasswordSchema,
  UpdatePrimaryClientSchema,
} from './clients.ts';
import { AgencyDashboardResponseSchema } from './dashboard.ts';
import { HealthResponseSchema } from './errors.ts';
import { AgencyProfileResponseSchema, AgencyProfileUpdateSchema } from './profile.ts';
import {
  BankDetailsResponseSchema,
  BinaryResponseSchema,
  CreateServiceSchema,
  DeleteResponseSchema,
  InsuranceProviderListResponseSchema,
  ProviderListQuerySchema,
  ProviderListResponseSchema,
  ProviderResponseSchema,
  ServiceIdParamsSchema,
  ServiceListResponseSchema,
  ServiceResponseSchema,
} from './providers.ts';

export interface Endpoint {
  method: HttpMethod;
  path: string;
  access: Access;
  beforePasswordChange?: boolean;
  summary: string;
  tag: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  /**
   * A multipart/form-data request: no body schema; the handler validates its `payload` JSON field with
   * the named schema and checks its files by content.
   */
  multipart?: { payload?: string; files: readonly string[] };
  /** The success answer; error answers are always ErrorResponseSchema. */
  response: z.ZodType;
  status: number;
}

// The endpoint table (conventions: one source of truth). Paths are the spec's (§7) under /api.
export const endpoints = {
  health: {
    ...apiPaths.health,
    summary: 'Liveness and the database engine in use',
    tag: 'system',
    response: HealthResponseSchema,
    status: 200,
  },
  registerAgency: {
    ...apiPaths.registerAgency,
    summary: 'Register an agency and its owner account',
    tag: 'auth',
    body: RegistrationSchema,
    response: RegistrationResponseSchema,
    status: 201,
  },
  login: {
    ...apiPaths.login,
    summary: 'Sign in on the portal address named by X-Tenant-Host',
    tag: 'auth',
    body: LoginRequestSchema,
    response: LoginResponseSchema,
    status: 200,
  },
  logout: {
    ...apiPaths.logout,
    summary: 'Revoke every token of the caller',
    tag: 'auth',
    response: MessageResponseSchema,
    status: 200,
  },
  me: {
    ...apiPaths.me,
    summary: 'The signed-in user',
    tag: 'auth',
    response: MeResponseSchema,
    status: 200,
  },
  changePassword: {
    ...apiPaths.changePassword,
    summary: 'Choose a new password; answers a fresh token (old ones are revoked)',
    tag: 'auth',
    body: ChangePasswordSchema,
    response: LoginResponseSchema,
    status: 200,
  },
  listOwners: {
    ...apiPaths.listOwners,
    summary: 'Agency owner accounts, newest first, searchable by name, agency, email or id',
    tag: 'admin',
    querystring: OwnerListQuerySchema,
    response: OwnerListResponseSchema,
    status: 200,
  },
  ownerStats: {
    ...apiPaths.ownerStats,
    summary: 'Counts for the admin overview',
    tag: 'admin',
    response: DashboardStatsSchema,
    status: 200,
  },
  ownerAgencies: {
    ...apiPaths.ownerAgencies,
    summary: "An owner's agencies",
    tag: 'admin',
    params: IdParamsSchema,
    querystring: PageQuerySchema,
    response: OwnerAgenciesResponseSchema,
    status: 200,
  },
  updateOwner: {
    ...apiPaths.updateOwner,
    summary: "Set an owner's active and verified flags",
    tag: 'admin',
    body: UpdateOwnerSchema,
    response: UpdateOwnerResponseSchema,
    status: 200,
  },
  resetOwnerPassword: {
    ...apiPaths.resetOwnerPassword,
    summary: "Reset an owner's password; they choose a new one at next sign-in",
    tag: 'admin',
    params: IdParamsSchema,
    body: ResetOwnerPasswordSchema,
    response: MessageResponseSchema,
    status: 200,
  },
  insuranceServices: {
    ...apiPaths.insuranceServices,
    summary: 'The insurance services of the catalogue',
    tag: 'services',
    response: ServiceListResponseSchema,
    status: 200,
  },
  investmentServices: {
    ...apiPaths.investmentServices,
    summary: 'The investment services of the catalogue',
    tag: 'services',
    response: ServiceListResponseSchema,
    status: 200,
  },
  createService: {
    ...apiPaths.createService,
    summary: 'Add a service to the catalogue (code lower-cased)',
    tag: 'services',
    body: CreateServiceSchema,
    response: ServiceResponseSchema,
    status: 201,
  },
  createInsuranceProvider: {
    ...apiPaths.createInsuranceProvider,
    summary: 'Add an insurance company: multipart `payload` (JSON) and optional `providerlogourl` image',
    tag: 'providers',
    multipart: { payload: 'InsuranceProviderPayloadSchema', files: ['providerlogourl'] },
    response: ProviderResponseSchema,
    status: 201,
  },
  createInvestmentProvider: {
    ...apiPaths.createInvestmentProvider,
    summary: 'Add an investment company: multipart `payload` (JSON) and optional `providerlogourl` image',
    tag: 'providers',
    multipart: { payload: 'InvestmentProviderPayloadSchema', files: ['providerlogourl'] },
    response: ProviderResponseSchema,
    status: 201,
  },
  updateInsuranceProvider: {
    ...apiPaths.updateInsuranceProvider,
    summary: 'Edit an insurance company; without a logo file the logo is kept',
    tag: 'providers',
    params: IdParamsSchema,
    multipart: { payload: 'InsuranceProviderPayloadSchema', files: ['providerlogourl'] },
    response: ProviderResponseSchema,
    status: 200,
  },
  updateInvestmentProvider: {
    ...apiPaths.updateInvestmentProvider,
    summary: 'Edit an investment company; without a logo file the logo is kept',
    tag: 'providers',
    params: IdParamsSchema,
    multipart: { payload: 'InvestmentProviderPayloadSchema', files: ['providerlogourl'] },
    response: ProviderResponseSchema,
    status: 200,
  },
  listProviders: {
    ...apiPaths.listProviders,
    summary: "The agency's provider companies, optionally of one category",
    tag: 'providers',
    querystring: ProviderListQuerySchema,
    response: ProviderListResponseSchema,
    status: 200,
  },
  listInsuranceProviders: {
    ...apiPaths.listInsuranceProviders,
    summary: "The agency's insurance companies (the spec reads data.data)",
    tag: 'providers',
    response: InsuranceProviderListResponseSchema,
    status: 200,
  },
  providersByService: {
    ...apiPaths.providersByService,
    summary: "The agency's provider companies for one service",
    tag: 'providers',
    params: ServiceIdParamsSchema,
    response: ProviderListResponseSchema,
    status: 200,
  },
  providerBankDetails: {
    ...apiPaths.providerBankDetails,
    summary: "A provider company's bank details, account number masked",
    tag: 'providers',
    params: IdParamsSchema,
    response: BankDetailsResponseSchema,
    status: 200,
  },
  providerLogo: {
    ...apiPaths.providerLogo,
    summary: "A provider company's logo image",
    tag: 'providers',
    params: IdParamsSchema,
    response: BinaryResponseSchema,
    status: 200,
  },
  deleteProvider: {
    ...apiPaths.deleteProvider,
    summary: 'Remove a provider company that no plan uses',
    tag: 'providers',
    params: IdParamsSchema,
    response: DeleteResponseSchema,
    status: 200,
  },
  agencyProfile: {
    ...apiPaths.agencyProfile,
    summary: "The caller's agency: registration details, license number, logo, portal address",
    tag: 'agency',
    response: AgencyProfileResponseSchema,
    status: 200,
  },
  updateAgencyProfile: {
    ...apiPaths.updateAgencyProfile,
    summary: "Edit the caller's agency (the slug and portal address stay)",
    tag: 'agency',
    body: AgencyProfileUpdateSchema,
    response: AgencyProfileResponseSchema,
    status: 200,
  },
  uploadAgencyLogo: {
    ...apiPaths.uploadAgencyLogo,
    summary: "Replace the agency's logo: multipart `logo` image (PNG, JPEG or WebP, at most 2 MiB)",
    tag: 'agency',
    multipart: { files: ['logo'] },
    response: AgencyProfileResponseSchema,
    status: 200,
  },
  agencyLogo: {
    ...apiPaths.agencyLogo,
    summary: "The agency's logo image",
    tag: 'agency',
    response: BinaryResponseSchema,
    status: 200,
  },
  agencyDashboard: {
    ...apiPaths.agencyDashboard,
    summary: "The workspace home's figures: clients, active plans, money, renewals, charts",
    tag: 'agency',
    response: AgencyDashboardResponseSchema,
    status: 200,
  },
  listPrimaryClients: {
    ...apiPaths.listPrimaryClients,
    summary: "The agency's primary clients, newest first, searchable by name, email, phone or client code",
    tag: 'clients',
    querystring: PrimaryClientListQuerySchema,
    response: PrimaryClientListResponseSchema,
    status: 200,
  },
  createPrimaryClient: {
    ...apiPaths.createPrimaryClient,
    summary: 'Add a primary client, optionally with portal access (an initial password they must change)',
    tag: 'clients',
    body: CreatePrimaryClientSchema,
    response: PrimaryClientResponseSchema,
    status: 201,
  },
  primaryClientDetail: {
    ...apiPaths.primaryClientDetail,
    summary: 'A primary client: profile, family members, plans by category with status, documents',
    tag: 'clients',
    params: IdParamsSchema,
    response: PrimaryClientDetailResponseSchema,
    status: 200,
  },
  updatePrimaryClient: {
    ...apiPaths.updatePrimaryClient,
    summary: 'Edit a primary client (a PAN or Aadhaar left out keeps the stored one)',
    tag: 'clients',
    params: IdParamsSchema,
    body: UpdatePrimaryClientSchema,
    response: PrimaryClientResponseSchema,
    status: 200,
  },
  deletePrimaryClient: {
    ...apiPaths.deletePrimaryClient,
    summary: 'Remove a primary client: hidden and kept, portal access turned off',
    tag: 'clients',
    params: IdParamsSchema,
    response: DeleteResponseSchema,
    status: 200,
  },
  setPortalAccess: {
    ...apiPaths.setPortalAccess,
    summary: "Turn a client's portal access on (initial password the first time) or off (signs them out)",
    tag: 'clients',
    params: IdParamsSchema,
    body: PortalAccessUpdateSchema,
    response: PrimaryClientResponseSchema,
    status: 200,
  },
  resetPortalPassword: {
    ...apiPaths.resetPortalPassword,
    summary: "Reset a client's portal password; they choose a new one at next sign-in",
    tag: 'clients',
    params: IdParamsSchema,
    body: ResetPortalPasswordSchema,
    response: MessageResponseSchema,
    status: 200,
  },
  primaryClientAvatar: {
    ...apiPaths.primaryClientAvatar,
    summary: "A primary client's photo",
    tag: 'clients',
    params: IdParamsSchema,
    response: BinaryResponseSchema,
    status: 200,
  },
  uploadPrimaryClientAvatar: {
    ...apiPaths.uploadPrimaryClientAvatar,
    summary: "Replace a primary client's photo: multipart `avatar` image (PNG, JPEG or WebP, at most 10 MiB)",
    tag: 'clients',
    params: IdParamsSchema,
    multipart: { files: ['avatar'] },
    response: PrimaryClientResponseSchema,
    status: 200,
  },
} as const satisfies Record<EndpointName, Endpoint>;
