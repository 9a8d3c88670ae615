import type { ServiceCategory } from '@portal/contract';

/**
 * Every query key of the web app, in one table. Features never import each other, yet a write in one feature
 * changes what another shows (a new provider changes Add More Plans' company list): both name the data through
 * this table, and a mutation invalidates the keys of exactly what it changed. A key's first part names the
 * server's resource, so invalidating `all` reaches every view of it.
 */
export const queryKeys = {
  me: ['me'] as const,
  /** The signed-in user's TOTP second factor (issue 23 item 14). */
  secondFactor: ['second-factor'] as const,
  /** A one-time link to choose a password (issue 24): whether it still works, and whose it is. */
  passwordLink: (token: string) => ['password-link', token] as const,
  /** Whether a portal address is free for a new agency (issue 24 item 5). */
  slugCheck: (slug: string) => ['slug-check', slug] as const,
  services: {
    all: ['services'] as const,
    ofCategory: (category: ServiceCategory) => ['services', category] as const,
    plans: () => ['services', 'plans'] as const,
  },
  providers: {
    all: ['providers'] as const,
    ofCategory: (category: ServiceCategory) => ['providers', 'category', category] as const,
    ofService: (serviceId: string) => ['providers', 'service', serviceId] as const,
    logo: (providerId: string) => ['providers', 'logo', providerId] as const,
  },
  primaryClients: {
    all: ['primary-clients'] as const,
    search: (search: string) => ['primary-clients', 'search', search] as const,
    /** A page of Registered Users: its offset, cursor and search. */
    list: (page: object) => ['primary-clients', 'list', page] as const,
    detail: (id: string) => ['primary-clients', 'detail', id] as const,
    /** A client's name and contact only (Add Secondary Client's chosen client): family changes leave it alone. */
    name: (id: string) => ['primary-client-names', id] as const,
  },
  /** The agency's agents to assign clients to, with their counts (issue 25). */
  agents: ['agents'] as const,
  secondaryClients: {
    all: ['secondary-clients'] as const,
    detail: (id: string) => ['secondary-clients', 'detail', id] as const,
  },
  /** The agency client's own area; a family member's documents, listed and each downloaded (issue 23 item 9). */
  clientArea: {
    summary: ['client-area', 'summary'] as const,
    profile: ['client-area', 'profile'] as const,
    agency: ['client-area', 'agency'] as const,
    alerts: ['client-area', 'alerts'] as const,
    plans: ['client-area', 'plans'] as const,
    plan: (id: string) => ['client-area', 'plan', id] as const,
    claims: ['client-area', 'claims'] as const,
    claim: (id: string) => ['client-area', 'claim', id] as const,
    planDocument: (id: string) => ['client-area', 'plan-document', id] as const,
    members: ['client-area', 'members'] as const,
    member: (id: string) => ['client-area', 'member', id] as const,
    /** The client's e-mail reminders (My Profile's card). */
    notificationPreference: ['client-area', 'notification-preference'] as const,
    memberDocuments: (id: string) => ['client-area', 'member-documents', id] as const,
    memberDocument: (id: string, kind: string) => ['client-area', 'member-document', id, kind] as const,
  },
  families: ['families'] as const,
  /** The work-list's pages and each plan's reminders and marks (`[...renewals, 'plan', id]`). */
  renewals: ['renewals'] as const,
  /** The claims register (issue 28): the workspace's pages by status, search and cursor, and each plan's claims. */
  claims: {
    all: ['claims'] as const,
    page: (query: object) => ['claims', 'page', query] as const,
    ofPlan: (planId: string) => ['claims', 'plan', planId] as const,
    one: (claimId: string) => ['claims', 'one', claimId] as const,
    ofClient: (clientId: string) => ['claims', 'client', clientId] as const,
    /** A claim's document checklist (decision 045). */
    documents: (claimId: string) => ['claims', 'documents', claimId] as const,
    /** How long a claim may wait in one status before staff are reminded. */
    settings: ['claims', 'settings'] as const,
  },
  /** The agency's reminder days and how e-mail goes out; the outbox of e-mails kept without a mail server. */
  reminderSettings: ['reminder-settings'] as const,
  outbox: ['outbox'] as const,
  /** The agency's WhatsApp messages per kind and language (issue 27 item 5). */
  whatsAppTemplates: ['whatsapp-templates'] as const,
  /** The platform admin's owner accounts: their pages, the overview's figures, one owner's agencies. */
  owners: {
    all: ['owners'] as const,
    list: (page: object) => ['owners', 'list', page] as const,
    stats: ['owners', 'stats'] as const,
    agencies: (id: string) => ['owners', 'agencies', id] as const,
  },
  plans: ['plans'] as const,
  dashboard: ['dashboard'] as const,
  /** The agency's reports (issue 29): a report, the register's pages and totals, by filters (the feature's parts). */
  reports: (...parts: unknown[]) => ['reports', ...parts] as const,
  /** The owner's activity log: its pages by filters and cursor, and whom the person filter offers (issue 25). */
  activity: {
    all: ['activity'] as const,
    page: (query: object) => ['activity', 'page', query] as const,
    people: ['activity', 'people'] as const,
  },
  agencyProfile: ['agency-profile'] as const,
  /** The owner's team: staff, their roles and the state of their invitations (issue 25). */
  team: ['team'] as const,
  /**
   * The agency's imports (issue 26): the list, one job (its sheets, counts and progress), and its dry run's (or
   * commit's) rows and households, which a new dry run or the commit replaces.
   */
  imports: {
    all: ['imports'] as const,
    list: ['imports', 'list'] as const,
    detail: (id: string) => ['imports', 'detail', id] as const,
    /** Everything of one job's answers per row and household (removed when its dry run runs again). */
    results: (id: string) => ['imports', 'results', id] as const,
    rows: (id: string, filter: object) => ['imports', 'results', id, 'rows', filter] as const,
    households: (id: string) => ['imports', 'results', id, 'households'] as const,
  },
  /** What a plan's creation, edit or removal changes: its holder's records, every count of plans, renewals. */
  get changedByPlans() {
    return [
      queryKeys.primaryClients.all,
      queryKeys.families,
      queryKeys.providers.all,
      queryKeys.renewals,
      queryKeys.plans,
      queryKeys.dashboard,
      queryKeys.secondaryClients.all,
    ] as const;
  },
} as const;
